import 'server-only';
import { z } from 'zod';
import { ARTICLE_TYPE } from '@/lib/constants';
import { slugify } from '@/lib/slug';
import { ARTICLE_ID_PATTERN } from '@/lib/urls';
import type { ArticleImage, articleSections, articles, TagRef } from '../db/schema';
import { publicSearchText } from './paywall';
import { htmlToPlainText, sanitizeEditorialHtml } from './sanitize';

/** Size limits of an article as the import (and later the API) accepts it. */
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

const id = z
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

const dateTime = z.iso.datetime({
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

const image = z.strictObject({
  content_type: requiredText(L.shortTextLength),
  href,
  image_name: z.string().max(L.shortTextLength),
  source: optionalText(L.shortTextLength),
  legend: optionalText(L.shortTextLength),
  width: z.int().positive().nullish(),
  height: z.int().positive().nullish(),
});

const images = z.array(image).max(L.images).default([]);

const body = z.string().max(L.bodyLength).default('');

const section = z.strictObject({
  id,
  title: requiredText(L.titleLength),
  summary: z.string().max(L.summaryLength).default(''),
  images,
  section_type: requiredText(L.shortTextLength).default('section'),
  publication_date: dateTime.nullish(),
  topics: tags,
  thematics: tags,
  view: body,
});

/**
 * An article in the API's shape (spec section 3 "Article summary", snake_case), with its body in `view` and the
 * fields this site adds: source, paywalled, event_date (agenda) and simulator_url (simulators). Unknown keys
 * are rejected.
 */
export const articleInputSchema = z
  .strictObject({
    id,
    type: z.enum(ARTICLE_TYPE),
    title: requiredText(L.titleLength),
    summary: z.string().max(L.summaryLength).default(''),
    slug: slug.optional(),
    topics: tags,
    thematics: tags,
    images,
    author: optionalText(L.shortTextLength),
    author_function: optionalText(L.shortTextLength),
    publication_date: dateTime,
    update_date: dateTime.nullish(),
    enriched_news_id: id.nullish(),
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
  })
  .superRefine((article, context) => {
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
  });

/** An article once parsed: defaults applied. */
export type ArticleInput = z.infer<typeof articleInputSchema>;

const frenchErrors = z.locales.fr().localeError;

/** French messages, with a plain one for a missing field. */
const errorMap: z.core.$ZodErrorMap = (issue) =>
  issue.input === undefined && (issue.code === 'invalid_type' || issue.code === 'invalid_value')
    ? 'champ obligatoire manquant'
    : frenchErrors(issue);

/** "sections[0].view" */
function formatPath(path: readonly PropertyKey[]): string {
  return path
    .map((segment, index) =>
      typeof segment === 'number' ? `[${segment}]` : `${index === 0 ? '' : '.'}${String(segment)}`,
    )
    .join('');
}

export type ArticleInputResult = { success: true; data: ArticleInput } | { success: false; issues: string[] };

/** Validates an article; each issue reads "field.path : reason" in French. */
export function parseArticleInput(value: unknown): ArticleInputResult {
  const result = articleInputSchema.safeParse(value, { error: errorMap });
  if (result.success) return { success: true, data: result.data };
  return {
    success: false,
    issues: result.error.issues.map((issue) =>
      issue.path.length > 0 ? `${formatPath(issue.path)} : ${issue.message}` : issue.message,
    ),
  };
}

export type ArticleRow = typeof articles.$inferInsert;
export type ArticleSectionRow = typeof articleSections.$inferInsert;
export type ArticleRows = { article: ArticleRow; sections: ArticleSectionRow[] };

function toTags(input: ArticleInput['topics']): TagRef[] {
  return input.map(({ label, slug, id, shortId }) => ({ label, slug, id, shortId }));
}

function toImages(input: ArticleInput['images']): ArticleImage[] {
  return input.map((item) => ({
    contentType: item.content_type,
    href: item.href,
    imageName: item.image_name,
    source: item.source ?? undefined,
    legend: item.legend ?? undefined,
    width: item.width ?? undefined,
    height: item.height ?? undefined,
  }));
}

/**
 * The database rows of a parsed article: bodies sanitised, plain text of the body and sections for search,
 * slug derived from the title when absent, ids of every topic and thematic for filtering.
 */
export function toArticleRows(input: ArticleInput): ArticleRows {
  const bodyHtml = sanitizeEditorialHtml(input.view);
  const texts = [htmlToPlainText(bodyHtml)];
  const sections = input.sections.map((item, position): ArticleSectionRow => {
    const sectionHtml = sanitizeEditorialHtml(item.view);
    texts.push(item.title, item.summary, htmlToPlainText(sectionHtml));
    return {
      id: item.id,
      articleId: input.id,
      position,
      title: item.title,
      summary: item.summary,
      sectionType: item.section_type,
      bodyHtml: sectionHtml,
      publicationDate: item.publication_date ? new Date(item.publication_date) : null,
      images: toImages(item.images),
      topics: toTags(item.topics),
      thematics: toTags(item.thematics),
    };
  });
  const bodyText = texts.filter((text) => text.trim() !== '').join('\n');
  return {
    article: {
      id: input.id,
      type: input.type,
      slug: input.slug ?? slugify(input.title),
      title: input.title,
      summary: input.summary,
      bodyHtml,
      bodyText,
      publicText: publicSearchText({
        view: bodyHtml,
        sections: sections.map((section) => ({
          title: section.title,
          summary: section.summary ?? '',
          view: section.bodyHtml ?? '',
        })),
        paywalled: input.paywalled,
      }),
      source: input.source ?? null,
      format: input.format ?? null,
      author: input.author ?? null,
      authorFunction: input.author_function ?? null,
      publicationDate: new Date(input.publication_date),
      updateDate: input.update_date ? new Date(input.update_date) : null,
      enrichedNewsId: input.enriched_news_id ?? null,
      paywalled: input.paywalled,
      eventDate: input.event_date ?? null,
      simulatorUrl: input.simulator_url ?? null,
      topics: toTags(input.topics),
      thematics: toTags(input.thematics),
      topicIds: [...new Set([...input.topics, ...input.thematics].map((item) => item.id))],
      trades: input.trades,
      images: toImages(input.images),
      attachments: input.attachments.map(({ item, name }) => ({ item, name })),
      additionalProperties: input.additionalProperties,
    },
    sections,
  };
}
