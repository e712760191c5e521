// POST /api/admin/invitation: an invited staff member chooses their password
import { invitationAcceptBody } from '@/lib/contracts/admin';
import { getDb } from '@/server/db/client';
import { clientAddress, enforceRateLimit } from '@/server/http/rate-limit';
import { adminJson, adminRoute } from '@/server/staff/route';
import { acceptInvitation } from '@/server/staff/staff';

const INVITATION_ATTEMPTS = { name: 'staff-invitation:address', limit: 10, windowSeconds: 15 * 60 };

export const POST = adminRoute(async (request) => {
  const db = await getDb();
  const address = clientAddress(request);
  await enforceRateLimit(db, INVITATION_ATTEMPTS, address);
  const { token, password } = await adminJson(request, invitationAcceptBody, 4 * 1024);
  return acceptInvitation(db, token, password, address);
});
