// GET / POST /api/admin/setup: the first administrator, with the one-time token of the server log
import { setupBody, setupStatusAnswer } from '@/lib/contracts/admin';
import { getDb } from '@/server/db/client';
import { AppError } from '@/server/http/errors';
import { clientAddress, enforceRateLimit } from '@/server/http/rate-limit';
import { staffCookieHeader } from '@/server/staff/auth';
import {
  consumeSetupToken,
  createFirstAdministrator,
  isSetupToken,
  setupClosed,
} from '@/server/staff/bootstrap';
import { adminJson, adminRoute } from '@/server/staff/route';
import { signIn } from '@/server/staff/sign-in';
import { staffCount, staffPasswordError } from '@/server/staff/staff';

export const GET = adminRoute(async () => {
  return setupStatusAnswer.parse({ needed: (await staffCount(await getDb())) === 0 });
});

const SETUP_ATTEMPTS = { name: 'staff-setup:address', limit: 10, windowSeconds: 15 * 60 };

export const POST = adminRoute(async (request) => {
  const db = await getDb();
  const address = clientAddress(request);
  await enforceRateLimit(db, SETUP_ATTEMPTS, address);
  const body = await adminJson(request, setupBody, 4 * 1024);
  if (!isSetupToken(body.token)) throw setupClosed();
  const passwordProblem = staffPasswordError(body.password);
  if (passwordProblem) {
    throw new AppError('bad_request', passwordProblem, [{ field: 'password', message: passwordProblem }]);
  }
  const created = await createFirstAdministrator(db, { ...body, address });
  if (created === null) throw setupClosed();
  consumeSetupToken();
  const { token, ...answer } = await signIn(db, { email: body.email, password: body.password }, address);
  return Response.json(answer, { status: 201, headers: { 'Set-Cookie': staffCookieHeader(token) } });
});
