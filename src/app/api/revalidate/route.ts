// POST /api/revalidate: called by the server itself when content changed (src/server/content/content-changes.ts).
import { revalidatePath } from 'next/cache';
import type { Revalidated } from '@/lib/contracts/operations';
import { purgeSharedReads } from '@/server/cache/shared-reads';
import { isOwnRevalidateToken } from '@/server/content/content-changes';
import { getDb } from '@/server/db/client';
import { refreshGoneArticles } from '@/server/editorial/gone';
import { apiRoute } from '@/server/http/api-route';
import { AppError } from '@/server/http/errors';
import { purgePageCache } from '@/server/http/page-cache';
import { REVALIDATED_PAGE_ROUTES } from '@/server/http/route-table';
import { refreshRedirects } from '@/server/taxonomy/redirects';

export const dynamic = 'force-dynamic';

/** Every cached page and read is refreshed on its next request. 404 for anyone but the process itself. */
export const POST = apiRoute(async (request): Promise<Revalidated> => {
  if (!isOwnRevalidateToken(request.headers.get('authorization'))) {
    throw new AppError('not_found', 'Ressource introuvable.');
  }
  for (const route of REVALIDATED_PAGE_ROUTES) revalidatePath(route, 'page');
  purgePageCache();
  purgeSharedReads();
  await refreshGoneArticles(await getDb());
  await refreshRedirects(await getDb());
  return { revalidated: true };
});
