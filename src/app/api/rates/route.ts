// GET /api/rates (docs/API.md): every rate table, its page and the effective date of its values in force
import type { RateTableListAnswer } from '@/lib/contracts/rate-tables';
import { getDb } from '@/server/db/client';
import { apiRoute } from '@/server/http/api-route';
import { listRateTables } from '@/server/rate-tables/tables';

export const dynamic = 'force-dynamic';

export const GET = apiRoute(async (): Promise<RateTableListAnswer> => listRateTables(await getDb()));
