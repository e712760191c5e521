import './zod-setup';
import { z } from 'zod';
import { PATHS } from '../constants';
import { revisionSummarySchema, staffRefSchema } from './admin';
import { dateTimeSchema } from './article';

// The site's editorial pages in the Admin API (/api/admin/pages, docs/ADMIN-API.md): terms of
// use and of sale, legal notices, about us, the bookshop's introduction and the privacy page. Each is rich text
// (title, lead, body HTML, "mise à jour le" date) saved whole; every save keeps a revision and is what readers
// see at once (decision 024).

export const STATIC_PAGE_SLUGS = [
  'cgu',
  'cgv',
  'mentions-legales',
  'qui-sommes-nous',
  'librairie',
  'confidentialite',
] as const;
export const staticPageSlugSchema = z.enum(STATIC_PAGE_SLUGS, { error: 'page inconnue' });
export type StaticPageSlug = z.infer<typeof staticPageSlugSchema>;

/** Where readers find each page (the addresses the site has always had). */
export const STATIC_PAGE_PATHS: Record<StaticPageSlug, string> = {
  cgu: '/cgu',
  cgv: '/cgv',
  'mentions-legales': '/mentions-legales',
  'qui-sommes-nous': '/qui-sommes-nous',
  librairie: PATHS.bookshop,
  confidentialite: PATHS.privacy,
};

export const STATIC_PAGE_NOT_FOUND_MESSAGE = 'Page inconnue.';

export const STATIC_PAGE_LIMITS = {
  titleLength: 200,
  leadLength: 1_000,
  /** The body's HTML: legal pages are long, but not articles with sections. */
  bodyBytes: 500_000,
} as const;

/** Largest JSON body of a page's PUT or preview: the body's HTML and the short fields, escaped. */
export const STATIC_PAGE_JSON_BYTES = 1024 * 1024;

/** The fields staff edit: what readers see. */
export const staticPageFieldsSchema = z.strictObject({
  title: z
    .string()
    .trim()
    .min(1, 'ne doit pas être vide')
    .max(STATIC_PAGE_LIMITS.titleLength, `au plus ${STATIC_PAGE_LIMITS.titleLength} caractères`),
  lead: z
    .string()
    .trim()
    .max(STATIC_PAGE_LIMITS.leadLength, `au plus ${STATIC_PAGE_LIMITS.leadLength} caractères`)
    .default(''),
  bodyHtml: z
    .string()
    .max(STATIC_PAGE_LIMITS.bodyBytes, `au plus ${STATIC_PAGE_LIMITS.bodyBytes} caractères`)
    .default(''),
  /** The "Dernière mise à jour" date shown at the bottom of the page, or null for none. */
  updatedOn: z.iso.date({ error: 'doit être une date AAAA-MM-JJ' }).nullable().default(null),
});
export type StaticPageFields = z.infer<typeof staticPageFieldsSchema>;

/** PUT /api/admin/pages/{slug}: the whole page, with the version it edits (0 for a page never saved). */
export const staticPagePutBody = staticPageFieldsSchema.extend({
  version: z
    .number({ error: 'champ obligatoire manquant' })
    .int('doit être un entier')
    .min(0, 'doit être positif'),
});
export type StaticPagePutBody = z.infer<typeof staticPagePutBody>;

/** POST /api/admin/pages/{slug}/preview: the fields as typed, not saved. */
export const staticPagePreviewBody = staticPageFieldsSchema;

/** GET /api/admin/pages/{slug}: the page as readers see it, with its version and last change. */
export const adminStaticPageSchema = z.object({
  slug: staticPageSlugSchema,
  path: z.string(),
  title: z.string(),
  lead: z.string(),
  bodyHtml: z.string(),
  updatedOn: z.string().nullable(),
  /** Every save adds one; 0 while the page still shows its original text (never saved in the newsroom). */
  version: z.number().int(),
  updatedAt: dateTimeSchema.nullable(),
  updatedBy: staffRefSchema.nullable(),
});
export type AdminStaticPage = z.infer<typeof adminStaticPageSchema>;

/** GET /api/admin/pages: the six pages with their last change. */
export const staticPageListAnswer = z.object({
  items: z.array(adminStaticPageSchema.omit({ lead: true, bodyHtml: true })),
});

/** What readers get: the body sanitised as the site renders it, the date in words. */
export const staticPageViewSchema = z.object({
  title: z.string(),
  lead: z.string(),
  bodyHtml: z.string(),
  updated: z.string().nullable(),
});
export type StaticPageView = z.infer<typeof staticPageViewSchema>;

/** GET /api/admin/pages/{slug}/revisions/{rev}: one revision with the fields it saved. */
export const staticPageRevisionAnswer = revisionSummarySchema.extend({
  page: z.object({
    title: z.string(),
    lead: z.string(),
    bodyHtml: z.string(),
    updatedOn: z.string().nullable(),
  }),
});
export type StaticPageRevisionAnswer = z.infer<typeof staticPageRevisionAnswer>;
