/**
 * Browser side of the content calls (spec section 7): news summaries, one article, archive counts, the current
 * issue and the banners. Each call is cancellable by key: a new call with the same key aborts the previous one
 * (the aborted promise rejects with an AbortError, see isAbortError).
 */
import 'client-only';
import type {
  ArchiveMonth,
  ArticleForReader,
  Banner,
  DailyIssue,
  NewsListAnswer as NewsList,
  NewsSort,
} from '@/lib/contracts/content';
import { ApiError, apiJson } from './http';

// The answers' schemas, loaded with the first answer to parse (see `SchemaLoader` in ./http).
const contentContract = () => import('@/lib/contracts/content');
const newsListAnswer = async () => (await contentContract()).newsListAnswer;
const articleForReader = async () => (await contentContract()).articleForReader;
const archiveInfoAnswer = async () => (await contentContract()).archiveInfoAnswer;
const dailyIssue = async () => (await contentContract()).dailyIssue;
const bannersAnswer = async () => (await contentContract()).bannersAnswer;

export type { ArchiveMonth, ArticleForReader, Banner, DailyIssue, NewsList };

/** The query of GET /api/article/summary; lists are joined by ',' on the way out. */
export type SummaryFilter = {
  /** Trade slug. */
  trade?: string | undefined;
  /** Topic slug, id or short id (the server converts a slug to its id). */
  topic?: string | undefined;
  /** Type codes (EFL_TEE_actualiteVideo, EFL_TEE_evenement, EFL_TEE_actualiteSimulateur, actu-chiffres-taux) or content types. */
  type?: string | readonly string[] | undefined;
  thematicsId?: string | readonly string[] | undefined;
  needsThematics?: boolean | undefined;
  /** A month (2024-03), a day (2024-03-15) or an ISO date-time with zone. */
  from?: string | undefined;
  to?: string | undefined;
  limit?: number | undefined;
  page?: number | undefined;
  sort?: NewsSort | undefined;
  full?: boolean | undefined;
};

export type CallOptions = { key?: string | undefined };

/** Statuses of the summary call that mean "nothing to show": an empty list, not an error (spec section 8). */
const SUMMARY_EMPTY_STATUSES: ReadonlySet<number> = new Set([416, 500]);

const joined = (value: string | readonly string[] | undefined) =>
  typeof value === 'string' || value === undefined ? value : value.join(',');

/**
 * A page of news. A 416 or 500 answer gives empty news and thematics; any other error is thrown as an ApiError
 * keeping the status and the server's message.
 */
export async function fetchNewsSummary(
  filter: SummaryFilter = {},
  options: CallOptions = {},
): Promise<NewsList> {
  try {
    return await apiJson('/article/summary', newsListAnswer, {
      query: { ...filter, type: joined(filter.type), thematicsId: joined(filter.thematicsId) },
      key: options.key,
    });
  } catch (error) {
    if (error instanceof ApiError && SUMMARY_EMPTY_STATUSES.has(error.status)) {
      return {
        news: [],
        thematics: [],
        additional: { total: 0, page: filter.page ?? 1, limit: filter.limit ?? 0 },
      };
    }
    throw error;
  }
}

/**
 * One article by its id or enriched news id, gated by the server: isPaywallable tells that part was withheld.
 * `eshopCookie` is a session token passed in the query, as the original does; the browser's own session cookie
 * is sent anyway.
 */
export function fetchArticle(
  newsId: string,
  options: CallOptions & { eshopCookie?: string | undefined } = {},
): Promise<ArticleForReader> {
  return apiJson('/article/single', articleForReader, {
    query: { newsId, eshopCookie: options.eshopCookie },
    key: options.key,
  });
}

/** The number of articles of each month of a year (twelve entries). */
export function fetchArchiveInfo(year: number, options: CallOptions = {}): Promise<ArchiveMonth[]> {
  return apiJson('/archive/info', archiveInfoAnswer, { query: { year }, key: options.key });
}

/** The current daily issue and its news; a 404 (no issue yet) is thrown as an ApiError. */
export function fetchIssue(options: CallOptions = {}): Promise<DailyIssue> {
  return apiJson('/issue', dailyIssue, { key: options.key });
}

export function fetchBanners(options: CallOptions = {}): Promise<Banner[]> {
  return apiJson('/banner', bannersAnswer, { key: options.key });
}
