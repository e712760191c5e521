// GET /api/eshop/whitePapers
import { getDb } from '@/server/db/client';
import { apiRoute } from '@/server/http/api-route';
import { listWhitePapers } from '@/server/shop/white-papers';

export const dynamic = 'force-dynamic';

/** The white papers promoted on the site. */
export const GET = apiRoute(async () => listWhitePapers(await getDb()));
