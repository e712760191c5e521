// GET /api/banner

import { getDb } from '@/server/db/client';
import { listBanners } from '@/server/home-blocks/banners';
import { apiRoute } from '@/server/http/api-route';

export const dynamic = 'force-dynamic';

/** The active home banners, in carousel order. */
export const GET = apiRoute(async () => listBanners(await getDb()));
