import './zod-setup';
import { z } from 'zod';
import { fr } from 'zod/locales';
import { ARTICLE_TYPE } from '../constants';
import { ARTICLE_ID_PATTERN } from '../urls';

// The article in the API's shape (spec section 3 "Article summary", snake_case): what the NDJSON import reads
// and what the Admin API (src/lib/contracts/admin.ts) creates, edits and answers. One schema for both, so an
// article the newsroom saves is always one the import would accept, and the other way round.

/** Size limits of an article as the import and the Admin API accept it. */
export const ARTICLE_INPUT_LIMITS = {
  idLength: 100,
  titleLength: 500,
  summaryLength: 5_000,
  /** Body HTML of the article and of each section, in characters. */
  bodyLength: 2 * 1024 * 1024,
  sections: 50,
  tags: 100,
  images: 50,
  attachments: 100,
  trades: 20,
  shortTextLength: 500,
  urlLength: 2_048,
  additionalProperties: 100,
  propertyValueLength: 10_000,
} as const;

const L = ARTICLE_INPUT_LIMITS;

export const articleIdSchema = z
  .string()
  .max(L.idLength)
  .regex(ARTICLE_ID_PATTERN, 'doit contenir uniquement des lettres, des chiffres et des tirets');

const requiredText = (max: number) => z.string().trim().min(1, 'ne doit pas être vide').max(max);
const optionalText = (max: number) => z.string().max(max).nullish();

/** A lowercase slug: letters, digits and single hyphens, as slugify produces. */
const slug = z
  .string()
  .max(L.shortTextLength)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'doit contenir uniquement des minuscules, des chiffres et des tirets');

/** An absolute http(s) URL or a path of this site. */
const href = z
  .string()
  .max(L.urlLength)
  .regex(
    /^(?:https?:\/\/[^\s]+|\/(?!\/)[^\s]*)$/i,
    'doit être une URL http(s) ou un chemin commençant par /',
  );

/** A message for a value of the wrong format; a missing value keeps the general message. */
const formatError = (message: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? undefined : message;

export const dateTimeSchema = z.iso.datetime({
  offset: true,
  error: formatError('doit être une date-heure ISO 8601 avec fuseau (2024-03-15T08:00:00Z)'),
});

const day = z.iso.date({ error: formatError('doit être une date AAAA-MM-JJ') });

const tag = z.strictObject({
  label: requiredText(L.shortTextLength),
  slug: z.string().max(L.shortTextLength),
  id: requiredText(L.shortTextLength),
  shortId: z.string().max(L.shortTextLength),
});

const tags = z.array(tag).max(L.tags).default([]);

const focalPercent = z
  .int('doit être un entier')
  .min(0, 'doit être entre 0 et 100')
  .max(100, 'doit être entre 0 et 100');

const image = z.strictObject({
  content_type: requiredText(L.shortTextLength),
  href,
  image_name: z.string().max(L.shortTextLength),
  source: optionalText(L.shortTextLength),
  legend: optionalText(L.shortTextLength),
  /** Text alternative; optional for the import, required on every image before the newsroom publishes. */
  alt: optionalText(L.shortTextLength),
  width: z.int().positive().nullish(),
  height: z.int().positive().nullish(),
  /** Where crops keep the subject (percent from the left and the top), from the media library's focal point. */
  focal_point: z.strictObject({ x: focalPercent, y: focalPercent }).nullish(),
});

const images = z.array(image).max(L.images).default([]);

const body = z.string().max(L.bodyLength).default('');

const section = z.strictObject({
  id: articleIdSchema,
  title: requiredText(L.titleLength),
  summary: z.string().max(L.summaryLength).default(''),
  images,
  section_type: requiredText(L.shortTextLength).default('section'),
  publication_date: dateTimeSchema.nullish(),
  topics: tags,
  thematics: tags,
  view: body,
});

/**
 * Every field of an article, without the checks that tie fields together (see `articleInputSchema`). The
 * fields this site adds to the spec's shape: source, paywalled, event_date (agenda), simulator_url
 * (simulators), and `alt` on images. Unknown keys are rejected.
 */
export const articleFieldsSchema = z.strictObject({
  id: articleIdSchema,
  type: z.enum(ARTICLE_TYPE),
  title: requiredText(L.titleLength),
  summary: z.string().max(L.summaryLength).default(''),
  slug: slug.optional(),
  topics: tags,
  thematics: tags,
  images,
  author: optionalText(L.shortTextLength),
  author_function: optionalText(L.shortTextLength),
  publication_date: dateTimeSchema,
  update_date: dateTimeSchema.nullish(),
  enriched_news_id: articleIdSchema.nullish(),
  additionalProperties: z
    .record(
      z.string().min(1).max(L.shortTextLength),
      z.union([z.string().max(L.propertyValueLength), z.number(), z.boolean(), z.null()]),
    )
    .refine((record) => Object.keys(record).length <= L.additionalProperties, {
      error: `au plus ${L.additionalProperties} propriétés`,
    })
    .default({}),
  format: optionalText(L.shortTextLength),
  trades: z.array(slug).max(L.trades).default([]),
  attachments: z
    .array(z.strictObject({ item: href, name: requiredText(L.shortTextLength) }))
    .max(L.attachments)
    .default([]),
  sections: z.array(section).max(L.sections).default([]),
  view: body,
  source: optionalText(L.shortTextLength),
  paywalled: z.boolean().default(false),
  event_date: day.nullish(),
  simulator_url: z
    .string()
    .max(L.urlLength)
    .regex(/^\/embed\/[A-Za-z0-9/_-]+$/, 'doit être un chemin /embed/… de ce site')
    .nullish(),
});

type ArticleFields = z.output<typeof articleFieldsSchema>;

/** The checks across fields: agenda needs its date, simulator_url is for simulators, section ids are unique. */
export function checkArticleFields(
  article: Pick<ArticleFields, 'type' | 'event_date' | 'simulator_url' | 'sections'>,
  context: z.RefinementCtx,
): void {
  if (article.type === ARTICLE_TYPE.agenda && !article.event_date) {
    context.addIssue({
      code: 'custom',
      path: ['event_date'],
      message: 'obligatoire pour un article de type agenda',
    });
  }
  if (article.simulator_url && article.type !== ARTICLE_TYPE.simulator) {
    context.addIssue({
      code: 'custom',
      path: ['simulator_url'],
      message: 'réservé aux articles de type simulateur',
    });
  }
  const seen = new Set<string>();
  article.sections.forEach((item, index) => {
    if (seen.has(item.id)) {
      context.addIssue({
        code: 'custom',
        path: ['sections', index, 'id'],
        message: `identifiant de section « ${item.id} » en double`,
      });
    }
    seen.add(item.id);
  });
}

/** An article as the import reads it and the Admin API stores it. */
export const articleInputSchema = articleFieldsSchema.superRefine(checkArticleFields);

/** An article once parsed: defaults applied. */
export type ArticleInput = z.infer<typeof articleInputSchema>;

const frenchErrors = fr().localeError;

/**
 * French messages, with a plain one for a missing field. Pass it to `safeParse(value, { error })` so every
 * contract answers in French without changing zod's global configuration.
 */
export const frenchErrorMap: z.core.$ZodErrorMap = (issue) =>
  issue.input === undefined && (issue.code === 'invalid_type' || issue.code === 'invalid_value')
    ? 'champ obligatoire manquant'
    : frenchErrors(issue);

/** "sections[0].view" */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  return path
    .map((segment, index) =>
      typeof segment === 'number' ? `[${segment}]` : `${index === 0 ? '' : '.'}${String(segment)}`,
    )
    .join('');
}
