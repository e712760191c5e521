// POST /api/revalidate: called by the server itself when content changed (src/server/content/content-changes.ts).
import { revalidatePath } from 'next/cache';
import type { Revalidated } from '@/lib/contracts/operations';
import {
  refreshCachedCopies,
  refreshCachedCopiesOfSharedBuild,
  searchesChangedBy,
} from '@/server/cache/refresh-copies';
import { changedTags, contentChangeSchema, isOwnRevalidateToken } from '@/server/content/content-changes';
import { getDb } from '@/server/db/client';
import { refreshGoneArticles } from '@/server/editorial/gone';
import { env } from '@/server/env';
import { apiRoute, parseBody } from '@/server/http/api-route';
import { AppError } from '@/server/http/errors';
import { buildDir } from '@/server/lib/build-dir';
import { refreshRedirects } from '@/server/taxonomy/redirects';

export const dynamic = 'force-dynamic';

/**
 * The cached pages and reads that carry one of the change's tags (`{"tags": […]}`, or `{"everything": true}`) are
 * refreshed on their next request. 404 for anyone but the process itself.
 */
export const POST = apiRoute(async (request): Promise<Revalidated> => {
  if (!isOwnRevalidateToken(request.headers.get('authorization'))) {
    throw new AppError('not_found', 'Ressource introuvable.');
  }
  const change = await parseBody(request, contentChangeSchema);
  const changed = changedTags(change);
  const db = await getDb();
  // A publication or a correction: only the kept searches its article may alter (one read, decision 078).
  const searchMayChange = await searchesChangedBy(db, changed);
  // On PostgreSQL another instance may share the build folder: the pages it rendered are this one's to refresh too.
  if (env().DATABASE_URL)
    await refreshCachedCopiesOfSharedBuild(changed, revalidatePath, buildDir(), searchMayChange);
  else refreshCachedCopies(changed, revalidatePath, searchMayChange);
  await refreshGoneArticles(db);
  await refreshRedirects(db);
  return { revalidated: true };
});
