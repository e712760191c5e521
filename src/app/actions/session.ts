import 'server-only';
import { cookies } from 'next/headers';
import { type FoundSession, findSession, SESSION_COOKIE } from '@/server/accounts/sessions';
import type { Db } from '@/server/db/client';

/** The live session of the request's cookie (pages and server actions of Mon compte), or null. */
export async function sessionOfRequest(db: Db): Promise<FoundSession | null> {
  return findSession(db, (await cookies()).get(SESSION_COOKIE)?.value);
}
