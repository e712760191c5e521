import 'server-only';
import { headers } from 'next/headers';
import { notFound, redirect } from 'next/navigation';
import { NEWSROOM_PATHS, signInPath } from '@/components/newsroom/paths';
import type { AdminPermission } from '@/lib/contracts/admin';
import type { Db } from '@/server/db/client';
import { AppError } from '@/server/http/errors';
import { requireStaff, type StaffPrincipal, totpSetupRequired } from '@/server/staff/auth';

/**
 * The staff member of a newsroom page rendered on the server (the previews), sent where the client shell sends
 * them from the other pages: to sign in without a session (coming back to `here`), to their account to set up
 * two-factor authentication when it is required first; a role without `permission` gets the not-found page.
 */
export async function requireStaffPage(
  db: Db,
  here: string,
  permission: AdminPermission,
): Promise<StaffPrincipal> {
  let principal: StaffPrincipal;
  try {
    principal = await requireStaff(
      db,
      new Request(`http://newsroom${here}`, { headers: await headers() }),
      permission,
      {
        allowPendingTotp: true,
      },
    );
  } catch (error) {
    if (error instanceof AppError && error.code === 'unauthorized') redirect(signInPath(here));
    if (error instanceof AppError && error.code === 'forbidden') notFound();
    throw error;
  }
  if (principal.session && totpSetupRequired(principal.role, principal.totpEnabled)) {
    redirect(NEWSROOM_PATHS.account);
  }
  return principal;
}
