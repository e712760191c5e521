import 'server-only';
import { inArray, or } from 'drizzle-orm';
import { z } from 'zod';
import {
  ARTICLE_TYPE,
  ARTICLE_TYPES,
  DEFAULT_SORT,
  FIRST_PAGE,
  MAX_PAGE,
  NEWS_PAGE_SIZE,
} from '@/lib/constants';
import {
  booleanParam,
  integerParam,
  listParam,
  optional,
  referenceParam,
  slugParam,
} from '@/lib/contracts/query-params';
import { sharedRead } from '../cache/shared-reads';
import type { Db } from '../db/client';
import { topics } from '../db/schema';
import { jsonResponse } from '../http/responses';
import { listNews, NEWS_SORTS, type NewsList } from './news-list';
import { parisMidnight } from './paris-time';
import { findTopic } from './topics';

/**
 * The query of GET /api/article/summary (spec section 7) and its answer. docs/API.md documents every rule here.
 */

/** Type codes of the original API (spec section 7) and the content types they stand for. */
const SUMMARY_TYPE_CODES: Readonly<Record<string, string>> = {
  EFL_TEE_actualiteVideo: ARTICLE_TYPE.video,
  EFL_TEE_evenement: ARTICLE_TYPE.agenda,
  EFL_TEE_actualiteSimulateur: ARTICLE_TYPE.simulator,
  'actu-chiffres-taux': ARTICLE_TYPE.rates,
  chiffreEtTaux: ARTICLE_TYPE.rates,
};

/** Largest page size the call accepts; a bigger `limit` is a 400. */
const SUMMARY_MAX_LIMIT = 100;
/** Most types and thematics one request may name. */
const MAX_LIST_ITEMS = 50;

const typeCode = z
  .string()
  .refine((value) => value in SUMMARY_TYPE_CODES || (ARTICLE_TYPES as readonly string[]).includes(value), {
    error: `type inconnu (attendu : ${[...Object.keys(SUMMARY_TYPE_CODES), ...ARTICLE_TYPES].join(', ')})`,
  })
  .transform((value) => SUMMARY_TYPE_CODES[value] ?? value);

const MONTH = /^(\d{4})-(\d{2})$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const dateTime = z.iso.datetime({ offset: true });

/** A bound of the from/to filters: which instant it starts at, and the instant just after it ends. */
type Bound = { start: Date; end: Date };

const boundParam = z
  .string()
  .max(40, 'trop long')
  .transform((value, context): Bound => {
    const month = MONTH.exec(value);
    const day = DAY.exec(value);
    if (month) {
      const [y, m] = [Number(month[1]), Number(month[2])];
      if (m >= 1 && m <= 12) return { start: parisMidnight(y, m), end: parisMidnight(y, m + 1) };
    } else if (day) {
      const [y, m, d] = [Number(day[1]), Number(day[2]), Number(day[3])];
      const calendarDay = new Date(Date.UTC(y, m - 1, d));
      // 2024-02-31 is refused rather than rolled over to March.
      if (calendarDay.getUTCMonth() === m - 1 && calendarDay.getUTCDate() === d) {
        return { start: parisMidnight(y, m, d), end: parisMidnight(y, m, d + 1) };
      }
    } else if (dateTime.safeParse(value).success) {
      const instant = new Date(value);
      if (!Number.isNaN(instant.getTime())) return { start: instant, end: new Date(instant.getTime() + 1) };
    }
    context.addIssue({
      code: 'custom',
      message: 'doit être un mois AAAA-MM, une date AAAA-MM-JJ ou une date-heure ISO 8601 avec fuseau',
    });
    return z.NEVER;
  });

export const summaryQuerySchema = z.object({
  trade: optional(slugParam),
  topic: optional(referenceParam),
  type: optional(listParam(typeCode, /,/, MAX_LIST_ITEMS)),
  thematicsId: optional(listParam(referenceParam, /[,;]/, MAX_LIST_ITEMS)),
  needsThematics: optional(booleanParam),
  from: optional(boundParam),
  to: optional(boundParam),
  limit: optional(integerParam(1, SUMMARY_MAX_LIMIT)).default(NEWS_PAGE_SIZE),
  // Pages beyond MAX_PAGE pass validation: they are answered 416 (see summaryResponse).
  page: optional(integerParam(FIRST_PAGE, 999_999)).default(FIRST_PAGE),
  sort: optional(z.enum(NEWS_SORTS, { error: `doit valoir ${NEWS_SORTS.join(' ou ')}` })).default(
    DEFAULT_SORT,
  ),
  full: optional(booleanParam),
});

export type SummaryQuery = z.infer<typeof summaryQuerySchema>;

/**
 * Thematic references turned into thematic ids: ids and short ids as given, slugs looked up among the children
 * of the topic (any topic without one).
 */
async function resolveThematics(
  db: Db,
  references: string[],
  topicId: string | undefined,
): Promise<string[]> {
  const rows = await db
    .select({ id: topics.id, shortId: topics.shortId, parentId: topics.parentId })
    .from(topics)
    .where(
      or(
        inArray(topics.id, references),
        inArray(topics.shortId, references),
        inArray(topics.slug, references),
      ),
    );
  const named = new Set(references);
  const ids = rows
    .filter((row) => named.has(row.id) || named.has(row.shortId) || !topicId || row.parentId === topicId)
    .map((row) => row.id);
  // Nothing known: keep the references as given, so the filter matches nothing rather than everything.
  return ids.length > 0 ? [...new Set(ids)] : references;
}

/**
 * The answer of GET /api/article/summary: 200 with {news, thematics, additional}, or 416 for a page beyond
 * MAX_PAGE (the client shows an empty list for it, spec section 8).
 */
export async function summaryResponse(db: Db, query: SummaryQuery): Promise<Response> {
  if (query.page > MAX_PAGE) {
    return jsonResponse(
      {
        error: {
          code: 'range_not_satisfiable',
          message: `Page hors limites : les pages vont de ${FIRST_PAGE} à ${MAX_PAGE}.`,
        },
      },
      { status: 416 },
    );
  }
  return jsonResponse(await sharedRead('summary', JSON.stringify(query), () => summaryList(db, query)));
}

async function summaryList(db: Db, query: SummaryQuery): Promise<NewsList> {
  let topicId: string | undefined;
  if (query.topic) topicId = (await findTopic(db, query.topic))?.id ?? query.topic;
  const thematicsIds = query.thematicsId?.length
    ? await resolveThematics(db, query.thematicsId, topicId)
    : undefined;
  return listNews(db, {
    trade: query.trade,
    topicId,
    types: query.type,
    thematicsIds,
    from: query.from?.start,
    to: query.to?.end,
    limit: query.limit,
    page: query.page,
    sort: query.sort,
    needsThematics: query.needsThematics,
    full: query.full,
  });
}
