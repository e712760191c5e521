import './zod-setup';
import { z } from 'zod';

// The taxonomy in the Admin API (/api/admin/taxonomy/…, docs/ADMIN-API.md): the topic and
// thematic tree and the trades. Slugs follow the spec's slug rule from the label (src/lib/slug.ts); a changed
// address leaves a 301 from the old one, and a term in use is deleted only by moving its articles elsewhere.

export const TAXONOMY_LIMITS = {
  labelLength: 200,
  shortLabelLength: 100,
  explanationLength: 2_000,
  maxOrder: 100_000,
  idLength: 200,
} as const;

const label = z
  .string()
  .trim()
  .min(1, 'ne doit pas être vide')
  .max(TAXONOMY_LIMITS.labelLength, `au plus ${TAXONOMY_LIMITS.labelLength} caractères`);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `au plus ${max} caractères`)
    .nullable()
    .transform((value) => (value ? value : null));
const order = z
  .number({ error: 'doit être un nombre' })
  .int('doit être un entier')
  .min(0, 'doit être positif')
  .max(TAXONOMY_LIMITS.maxOrder, `au plus ${TAXONOMY_LIMITS.maxOrder}`);
export const topicIdSchema = z
  .string()
  .trim()
  .min(1, 'ne doit pas être vide')
  .max(TAXONOMY_LIMITS.idLength, `au plus ${TAXONOMY_LIMITS.idLength} caractères`);

/** POST /api/admin/taxonomy/topics: a new topic (no parent) or thematic; id, short id and slug are derived. */
export const topicCreateBody = z.strictObject({
  label,
  parentId: topicIdSchema.nullable(),
  sortOrder: order.default(0),
  shortLabel: optionalText(TAXONOMY_LIMITS.shortLabelLength).default(null),
  explanation: optionalText(TAXONOMY_LIMITS.explanationLength).default(null),
});
export type TopicCreateBody = z.input<typeof topicCreateBody>;

/** PATCH /api/admin/taxonomy/topics/{id}: the fields to change; the slug follows the label. */
export const topicPatchBody = z
  .strictObject({
    label,
    parentId: topicIdSchema.nullable(),
    sortOrder: order,
    shortLabel: optionalText(TAXONOMY_LIMITS.shortLabelLength),
    explanation: optionalText(TAXONOMY_LIMITS.explanationLength),
  })
  .partial();
export type TopicPatchBody = z.input<typeof topicPatchBody>;

/** DELETE /api/admin/taxonomy/topics/{id}?moveTo=…: the topic its articles move to, required while in use. */
export const topicDeleteQuery = z.object({ moveTo: topicIdSchema.optional() });

/** PATCH /api/admin/taxonomy/trades/{slug}: the ten trades are the spec's (their slugs are routes). */
export const tradePatchBody = z
  .strictObject({
    label,
    labelShort: label.max(
      TAXONOMY_LIMITS.shortLabelLength,
      `au plus ${TAXONOMY_LIMITS.shortLabelLength} caractères`,
    ),
    sortOrder: order,
  })
  .partial();
export type TradePatchBody = z.input<typeof tradePatchBody>;

export const adminTopicSchema = z.object({
  id: z.string(),
  shortId: z.string(),
  label: z.string(),
  slug: z.string(),
  parentId: z.string().nullable(),
  sortOrder: z.number().int(),
  shortLabel: z.string().nullable(),
  explanation: z.string().nullable(),
  /** Articles (published or in the newsroom) tagged with it. */
  articleCount: z.number().int(),
  /** A top-level topic whose slug is a route of the site (fiscal, social…): its slug never changes. */
  fixedSlug: z.boolean(),
});
export type AdminTopic = z.infer<typeof adminTopicSchema>;

export const adminTradeSchema = z.object({
  slug: z.string(),
  label: z.string(),
  labelShort: z.string(),
  sortOrder: z.number().int(),
});
export type AdminTrade = z.infer<typeof adminTradeSchema>;

/** GET /api/admin/taxonomy/terms: the whole tree (parents before children, in order) and the trades. */
export const taxonomyTermsAnswer = z.object({
  topics: z.array(adminTopicSchema),
  trades: z.array(adminTradeSchema),
});
export type TaxonomyTermsAnswer = z.infer<typeof taxonomyTermsAnswer>;
