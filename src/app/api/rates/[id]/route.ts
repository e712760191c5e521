// GET /api/rates/{id}[?format=csv][&date=YYYY-MM-DD] (docs/API.md): a rate table and every version, or its CSV
import { z } from 'zod';
import { type RateTableAnswer, rateTableId, rateTableQuery } from '@/lib/contracts/rate-tables';
import { getDb } from '@/server/db/client';
import { apiRoute, parseQuery } from '@/server/http/api-route';
import { AppError, validationError } from '@/server/http/errors';
import { csvResponse, rateTableCsv } from '@/server/rate-tables/csv';
import { UNKNOWN_RATE_TABLE_MESSAGE } from '@/server/rate-tables/follows';
import { getRateTable, publicRateTable } from '@/server/rate-tables/tables';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<Record<string, string | string[] | undefined>> };

export const GET = apiRoute<Context>(async (request, context): Promise<RateTableAnswer | Response> => {
  const parsedId = z.safeParse(rateTableId, (await context.params).id);
  if (!parsedId.success) throw validationError(parsedId.error);
  const { format, date } = parseQuery(request, rateTableQuery);
  const table = await getRateTable(await getDb(), parsedId.data);
  if (!table) throw new AppError('not_found', UNKNOWN_RATE_TABLE_MESSAGE);
  if (format === 'csv') return csvResponse(rateTableCsv(table, date), table.id);
  return publicRateTable(table);
});
