// GET /agenda/flux/{token}.ics (docs/READER-TOOLS.md): a reader's private agenda feed; 404 once replaced
import { getDb } from '@/server/db/client';
import { personalCalendar } from '@/server/personal-agenda/feed';
import { profileOfFeedToken } from '@/server/personal-agenda/profile';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ token: string }> };

export async function GET(_request: Request, context: Context): Promise<Response> {
  const token = (await context.params).token.replace(/\.ics$/, '');
  const db = await getDb();
  const profile = await profileOfFeedToken(db, token);
  if (!profile) {
    return new Response('Agenda introuvable : ce lien a été remplacé ou n’existe pas.', {
      status: 404,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'private, no-store' },
    });
  }
  return new Response(await personalCalendar(db, profile), {
    headers: {
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': 'inline; filename="mon-agenda.ics"',
      // Personal: never kept by a shared cache; the token in the address is the credential.
      'cache-control': 'private, no-store',
      'x-robots-tag': 'noindex',
    },
  });
}
