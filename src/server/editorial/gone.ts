import 'server-only';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { newsroomArticles } from '../db/schema';
import { isGonePagePath, serveGonePage } from '../http/gone-page';
import { rememberBox } from '../lib/remember';

// An unpublished article's address answers 410 Gone: search engines drop it, and a reader learns it
// was withdrawn rather than mistyped. Next.js pages can only answer 404, so the HTTP hook serves these
// addresses as the site's 410 page (src/server/http/gone-page.ts), from a set of the withdrawn articles' ids
// kept in memory: loaded at start and
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

/**
 * Serves a withdrawn article's address (GET and HEAD) as the site's 410 page; touches nothing otherwise, and the
 * request goes on to Next.js either way.
 */
export function serveGoneArticle(request: IncomingMessage, response: ServerResponse): void {
  if (request.method !== 'GET' && request.method !== 'HEAD') return;
  const pathname = (request.url ?? '/').split('?', 1)[0] ?? '/';
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return;
  }
  if (isGoneArticlePath(decoded) || isGonePagePath(decoded)) serveGonePage(request, response);
}
