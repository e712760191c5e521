import './zod-setup';
import { z } from 'zod';
import { dateTimeSchema } from './article';

// Redirects in the Admin API (/api/admin/redirects, docs/ADMIN-API.md): old addresses of the site, moved (301)
// or gone (410), answered before the page cache.

export const REDIRECT_LIMITS = {
  pathLength: 500,
  importBytes: 2 * 1024 * 1024,
  importLines: 20_000,
} as const;

const PATH_MESSAGE = 'doit être un chemin du site commençant par / (sans ? ni #)';

/** An old address: a path of this site, without query or fragment. */
export const fromPathSchema = z
  .string()
  .trim()
  .max(REDIRECT_LIMITS.pathLength, `au plus ${REDIRECT_LIMITS.pathLength} caractères`)
  .regex(/^\/(?!\/)[^\p{Cc}?#\\]*$/u, PATH_MESSAGE);

/** The new address: a path of this site (query allowed) or an absolute http(s) URL. */
export const toPathSchema = z
  .string()
  .trim()
  .max(REDIRECT_LIMITS.pathLength, `au plus ${REDIRECT_LIMITS.pathLength} caractères`)
  .regex(
    /^(?:\/(?!\/)[^\s#\\]*|https?:\/\/[^\s/?#]+[^\s#]*)$/,
    'doit être un chemin commençant par / ou une URL http(s)',
  );

export const redirectStatusSchema = z.union([z.literal(301), z.literal(410)], {
  error: 'doit valoir 301 ou 410',
});

/** POST /api/admin/redirects: `toPath` for a 301, none for a 410. */
export const redirectCreateBody = z
  .strictObject({ fromPath: fromPathSchema, toPath: toPathSchema.optional(), status: redirectStatusSchema })
  .superRefine((body, context) => {
    if (body.status === 301 && !body.toPath)
      context.addIssue({ code: 'custom', path: ['toPath'], message: 'obligatoire pour une redirection 301' });
    if (body.status === 410 && body.toPath)
      context.addIssue({
        code: 'custom',
        path: ['toPath'],
        message: 'sans objet pour une adresse supprimée (410)',
      });
  });
export type RedirectCreateBody = z.infer<typeof redirectCreateBody>;

export const redirectSchema = z.object({
  fromPath: z.string(),
  toPath: z.string().nullable(),
  status: redirectStatusSchema,
  createdAt: dateTimeSchema,
});
export type Redirect = z.infer<typeof redirectSchema>;

export const redirectListQuery = z.object({
  q: z.string().trim().min(1).max(200).optional(),
  page: z.coerce.number().int('doit être un entier').min(1).max(10_000).default(1),
});
export const redirectListAnswer = z.object({
  items: z.array(redirectSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageCount: z.number().int(),
});
export type RedirectListAnswer = z.infer<typeof redirectListAnswer>;

/** DELETE /api/admin/redirects?fromPath=… */
export const redirectDeleteQuery = z.object({ fromPath: fromPathSchema });

/** Answer of POST /api/admin/redirects/import (text/csv `ancien,nouveau,statut`): all lines or none. */
export const redirectImportAnswer = z.object({ imported: z.number().int() });
export type RedirectImportAnswer = z.infer<typeof redirectImportAnswer>;
