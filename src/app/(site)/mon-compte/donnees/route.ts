// GET /mon-compte/donnees: "Télécharger mes données", a JSON file of everything held about the reader.
import { exportAccountData } from '@/server/accounts/account';
import { findSession, readCookie, SESSION_COOKIE } from '@/server/accounts/sessions';
import { getDb } from '@/server/db/client';

export const dynamic = 'force-dynamic';

export async function GET(request: Request): Promise<Response> {
  const db = await getDb();
  const session = await findSession(db, readCookie(request.headers.get('cookie'), SESSION_COOKIE));
  if (!session) {
    return new Response('Vous n’êtes pas connecté.', {
      status: 401,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    });
  }
  const data = await exportAccountData(db, session.customer.id, session.tokenHash);
  const day = data.exportedAt.slice(0, 10);
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'content-disposition': `attachment; filename="mes-donnees-la-quotidienne-${day}.json"`,
      'cache-control': 'no-store',
    },
  });
}
