import './zod-setup';
import * as z from 'zod/mini';

/**
 * The body of every /api answer that is not a success and has no shape of its own (src/server/http/errors.ts):
 * a stable code, a French message, and for a 400 the bad fields. Zod Mini: the browser parses it.
 */
export const apiErrorAnswer = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.optional(z.array(z.object({ field: z.string(), message: z.string() }))),
  }),
});
export type ApiErrorAnswer = z.infer<typeof apiErrorAnswer>;
