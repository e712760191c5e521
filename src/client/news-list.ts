'use client';

import 'client-only';

import { useCallback, useReducer, useRef } from 'react';
import { FIRST_PAGE, MAX_PAGE, NEWS_PAGE_SIZE } from '@/lib/constants';
import { ApiError, apiJson, isAbortError, loadZod, type SchemaLoader } from './http';

/** A news item as the lists carry it: only what dedupe needs is required, the rest is the API's shape. */
export type NewsItem = { id: string };
export type ThematicItem = { slug: string; label: string };

/** What the list is filtered by: sent as the query of GET /api/article/summary. */
export type NewsFilter = Record<string, string | number | undefined>;

/** The news-list state of the spec's section 4. */
export type NewsListState<N extends NewsItem = NewsItem> = {
  loading: boolean;
  news: N[];
  thematics: ThematicItem[];
  filter: NewsFilter;
  hasMore: boolean;
  /** Last page loaded. */
  page: number;
  /** Page size of the next loads. */
  limit: number;
  /** Error of the last load: its message and HTTP status. */
  message: string | null;
  status: number | null;
  /**
   * The load that failed and emptied the list (a 416 or 500 too, when it was 'Plus d'actualités'), with the list
   * it emptied: 'Réessayer' shows that list again and repeats the load. Null when nothing failed.
   */
  failed: FailedLoad<N> | null;
};

/** A failed load: what it asked and the list as it was before. */
type FailedLoad<N extends NewsItem = NewsItem> = {
  filter: NewsFilter;
  page: number;
  append: boolean;
  previous: { news: N[]; page: number };
};

export type NewsListAction<N extends NewsItem = NewsItem> =
  | { type: 'request'; filter?: NewsFilter }
  | { type: 'success'; news: N[]; thematics?: ThematicItem[]; page: number; append: boolean }
  | { type: 'failure'; status: number; message: string; page?: number; append?: boolean }
  | { type: 'retry' };

/** HTTP statuses the summary call answers when nothing matches: an empty list, not an error (spec section 8). */
const EMPTY_RESULT_STATUSES: ReadonlySet<number> = new Set([416, 500]);

/** More pages may exist only while a full page came back and the page is below the last valid one. */
export function computeHasMore(returned: number, limit: number, page: number): boolean {
  return returned === limit && page < MAX_PAGE;
}

/** Appends the news not already listed, in order. */
export function appendWithoutDuplicates<N extends NewsItem>(current: readonly N[], next: readonly N[]): N[] {
  const seen = new Set(current.map((item) => item.id));
  const merged = [...current];
  for (const item of next) {
    if (seen.has(item.id)) continue;
    seen.add(item.id);
    merged.push(item);
  }
  return merged;
}

export function initialNewsListState<N extends NewsItem>(init: {
  news?: N[];
  thematics?: ThematicItem[];
  filter?: NewsFilter;
  limit?: number;
  page?: number;
  hasMore?: boolean;
}): NewsListState<N> {
  const news = init.news ?? [];
  const limit = init.limit ?? NEWS_PAGE_SIZE;
  const page = init.page ?? FIRST_PAGE;
  return {
    loading: false,
    news,
    thematics: init.thematics ?? [],
    filter: init.filter ?? {},
    hasMore: init.hasMore ?? computeHasMore(news.length, limit, page),
    page,
    limit,
    message: null,
    status: null,
    failed: null,
  };
}

export function newsListReducer<N extends NewsItem>(
  state: NewsListState<N>,
  action: NewsListAction<N>,
): NewsListState<N> {
  switch (action.type) {
    case 'request':
      return { ...state, loading: true, filter: action.filter ?? state.filter };
    case 'success':
      return {
        ...state,
        loading: false,
        news: action.append ? appendWithoutDuplicates(state.news, action.news) : action.news,
        thematics: action.thematics ?? state.thematics,
        page: action.page,
        hasMore: computeHasMore(action.news.length, state.limit, action.page),
        message: null,
        status: null,
        failed: null,
      };
    case 'failure': {
      const append = action.append ?? false;
      const failed: FailedLoad<N> = {
        filter: state.filter,
        page: action.page ?? state.page,
        append,
        previous: { news: state.news, page: state.page },
      };
      if (EMPTY_RESULT_STATUSES.has(action.status)) {
        // Nothing matches a new filter: an empty list (spec section 8). A next page that failed so is a failure.
        return {
          ...state,
          loading: false,
          news: [],
          thematics: [],
          hasMore: false,
          message: null,
          status: null,
          failed: append ? failed : null,
        };
      }
      return {
        ...state,
        loading: false,
        news: [],
        hasMore: false,
        message: action.message,
        status: action.status,
        failed,
      };
    }
    case 'retry':
      if (!state.failed) return state;
      return {
        ...state,
        loading: true,
        news: state.failed.previous.news,
        page: state.failed.previous.page,
        filter: state.failed.filter,
        message: null,
        status: null,
        failed: null,
      };
  }
}

/**
 * The state of a news list and its 'Plus d'actualités' loader: page + 1 of the same filter, bounded by `to` (the
 * moment the first page was read) so news published since do not shift the pages, appended without duplicates.
 */
export function useNewsList<N extends NewsItem>(
  /** The contract schema of one news as this list shows it (src/lib/contracts/content.ts), loaded on first use. */
  loadItemSchema: SchemaLoader<N>,
  init: Parameters<typeof initialNewsListState<N>>[0],
) {
  // The answer of GET /api/article/summary, keeping of each news what the list shows.
  const answerSchema = useCallback(async () => {
    const [z, itemSchema] = await Promise.all([loadZod(), loadItemSchema()]);
    return z.object({
      news: z.array(itemSchema),
      thematics: z.optional(z.array(z.object({ slug: z.string(), label: z.string() }))),
    });
  }, [loadItemSchema]);
  const [state, dispatch] = useReducer(newsListReducer<N>, init, initialNewsListState<N>);
  const stateRef = useRef(state);
  stateRef.current = state;

  const load = useCallback(
    async (filter: NewsFilter, page: number, append: boolean) => {
      dispatch({ type: 'request', filter });
      try {
        const answer = await apiJson('/article/summary', answerSchema, {
          query: { ...filter, limit: stateRef.current.limit, page },
          // A new load of the list cancels the one still running.
          key: 'news-list',
        });
        dispatch({ type: 'success', news: answer.news, thematics: answer.thematics, page, append });
      } catch (error) {
        if (isAbortError(error)) return;
        const status = error instanceof ApiError ? error.status : 0;
        const message = error instanceof Error ? error.message : String(error);
        dispatch({ type: 'failure', status, message, page, append });
      }
    },
    [answerSchema],
  );

  /** 'Plus d'actualités': the next page of the same filter, appended. */
  const loadMore = useCallback(async () => {
    const current = stateRef.current;
    if (current.loading || !current.hasMore) return;
    await load(current.filter, current.page + 1, true);
  }, [load]);

  /** 'Réessayer': the list as it was before the failed load, and that load again. */
  const retry = useCallback(async () => {
    const failed = stateRef.current.failed;
    if (!failed || stateRef.current.loading) return;
    dispatch({ type: 'retry' });
    await load(failed.filter, failed.page, failed.append);
  }, [load]);

  return { state, loadMore, retry };
}
