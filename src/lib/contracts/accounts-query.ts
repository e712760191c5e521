/**
 * The queries of the account calls, validated by their route handlers. Full Zod: these run on the server only, so
 * they stay out of ./accounts.ts, whose form schemas the browser bundles (Zod Mini).
 */
import { z } from 'zod';

/** The query of GET /api/eshop/me: `cookie` holds the session token, or a whole Cookie header carrying it. */
export const meQuery = z.object({
  cookie: z.string().max(4096, 'trop long (4096 caractères au plus)').optional(),
});

/** The query of GET /api/eshop/webFormFields: the id of the web form. */
export const webFormFieldsQuery = z.object({
  webFormId: z.coerce
    .number({ error: 'doit être un nombre entier positif' })
    .int('doit être un nombre entier positif')
    .positive('doit être un nombre entier positif'),
});
