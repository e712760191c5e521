import 'server-only';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { newsroomArticles } from '../db/schema';
import { rememberBox } from '../lib/remember';

// An unpublished article's address answers 410 Gone: search engines drop it, and a reader learns it
// was withdrawn rather than mistyped. Next.js pages can only answer 404, so the HTTP hook answers these
// addresses before Next.js, from a set of the withdrawn articles' ids kept in memory: loaded at start and
// reloaded on every content change (`/api/revalidate`, which the NOTIFY of content-changes.ts reaches on every
// instance).

const goneIds = rememberBox<ReadonlySet<string> | undefined>('newsroom.gone-articles', undefined);

/** The article (or enriched news) id of an article address: /actualite/{slug}_{id}, /simulateurs/…, /chiffres-taux/…. */
const ARTICLE_PATH = /^\/(?:actualite|simulateurs|chiffres-taux)\/[^/?#]*_([A-Za-z0-9-]+)\/?$/;

/** Reloads the ids of withdrawn articles, and their enriched news ids (the id in an enriched news address). */
export async function refreshGoneArticles(db: Pick<Db, 'select'>): Promise<void> {
  const rows = await db
    .select({ id: newsroomArticles.id, enrichedNewsId: newsroomArticles.enrichedNewsId })
    .from(newsroomArticles)
    .where(eq(newsroomArticles.status, 'unpublished'));
  const ids = new Set<string>();
  for (const row of rows) {
    ids.add(row.id);
    if (row.enrichedNewsId) ids.add(row.enrichedNewsId);
  }
  goneIds.value = ids;
}

/** True when an article id (or enriched news id) is a withdrawn article's. */
export function isGoneArticleId(id: string): boolean {
  return goneIds.value?.has(id) ?? false;
}

/** True when a path is the address of a withdrawn article. */
export function isGoneArticlePath(pathname: string): boolean {
  const ids = goneIds.value;
  if (!ids || ids.size === 0) return false;
  const id = ARTICLE_PATH.exec(pathname)?.[1];
  return id !== undefined && ids.has(id);
}

const GONE_PAGE = `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="robots" content="noindex">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Article retiré – La Quotidienne</title></head>
<body><main><h1>Cet article n’est plus disponible</h1>
<p>Il a été retiré par la rédaction.</p>
<p><a href="/">Retour à l’accueil</a> · <a href="/actualite">Toutes les actualités</a></p></main></body></html>
`;

/** Answers 410 for a withdrawn article's address (GET and HEAD); false, touching nothing, otherwise. */
export function answerGoneArticle(request: IncomingMessage, response: ServerResponse): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = (request.url ?? '/').split('?', 1)[0] ?? '/';
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  if (!isGoneArticlePath(decoded)) return false;
  answerGone(request, response, GONE_PAGE);
  return true;
}

/** A 410 with its small static page: never cached, never indexed, no script or style allowed. */
export function answerGone(request: IncomingMessage, response: ServerResponse, page: string): void {
  response.writeHead(410, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Robots-Tag': 'noindex',
    'Content-Security-Policy': "default-src 'none'; base-uri 'none'; form-action 'none'",
    'Content-Length': Buffer.byteLength(page),
  });
  response.end(request.method === 'HEAD' ? undefined : page);
}
