/**
 * The queries of the content calls, validated by their route handlers. Full Zod (transforms, preprocess): these
 * run on the server only, so they stay out of ./content.ts, whose answer schemas the browser bundles.
 */
import { z } from 'zod';
import { MIN_VALID_YEAR } from '@/lib/constants';
import { integerParam } from './query-params';

/** The query of GET /api/archive/info: a four-digit year from MIN_VALID_YEAR (spec section 5). */
export const archiveQuerySchema = z.object({
  year: z
    .string({ error: 'année obligatoire' })
    .regex(/^\d{4}$/, 'doit être une année sur quatre chiffres')
    .pipe(integerParam(MIN_VALID_YEAR, 9999)),
});
