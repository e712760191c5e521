import { describe, expect, it } from 'vitest';
import { MAX_PAGE, NEWS_PAGE_SIZE } from '@/lib/constants';
import {
  appendWithoutDuplicates,
  computeHasMore,
  initialNewsListState,
  type NewsItem,
  newsListReducer,
} from './news-list';

const items = (...ids: string[]): NewsItem[] => ids.map((id) => ({ id }));

describe('news list state', () => {
  it('has more only while a full page came back below the last page', () => {
    expect(computeHasMore(10, 10, 1)).toBe(true);
    expect(computeHasMore(9, 10, 1)).toBe(false);
    expect(computeHasMore(10, 10, MAX_PAGE - 1)).toBe(true);
    expect(computeHasMore(10, 10, MAX_PAGE)).toBe(false);
  });

  it('starts with the default limit and computes hasMore from the first page', () => {
    const full = initialNewsListState({
      news: items(...Array.from({ length: NEWS_PAGE_SIZE }, (_, i) => `a${i}`)),
    });
    expect(full.limit).toBe(NEWS_PAGE_SIZE);
    expect(full.hasMore).toBe(true);
    expect(initialNewsListState({ news: items('a') }).hasMore).toBe(false);
  });

  it('appends the next page without duplicates', () => {
    expect(appendWithoutDuplicates(items('a', 'b'), items('b', 'c', 'c')).map((n) => n.id)).toEqual([
      'a',
      'b',
      'c',
    ]);
    const state = initialNewsListState({ news: items('a', 'b'), limit: 2 });
    const loading = newsListReducer(state, { type: 'request' });
    expect(loading.loading).toBe(true);
    const next = newsListReducer(loading, { type: 'success', news: items('b', 'c'), page: 2, append: true });
    expect(next.news.map((n) => n.id)).toEqual(['a', 'b', 'c']);
    expect(next.page).toBe(2);
    expect(next.hasMore).toBe(true);
    expect(next.loading).toBe(false);
    const last = newsListReducer(next, { type: 'success', news: items('d'), page: 3, append: true });
    expect(last.hasMore).toBe(false);
  });

  it('empties the list and keeps status and message on error', () => {
    const state = initialNewsListState({ news: items('a', 'b'), limit: 2 });
    const failed = newsListReducer(state, { type: 'failure', status: 503, message: 'indisponible' });
    expect(failed).toMatchObject({
      news: [],
      hasMore: false,
      status: 503,
      message: 'indisponible',
      loading: false,
    });
  });

  it('treats 416 and 500 as an empty result, not an error', () => {
    const state = initialNewsListState({ news: items('a'), thematics: [{ slug: 'tva', label: 'TVA' }] });
    for (const status of [416, 500]) {
      const next = newsListReducer(state, { type: 'failure', status, message: 'x' });
      expect(next).toMatchObject({ news: [], thematics: [], hasMore: false, status: null, message: null });
    }
  });

  it('keeps a new filter on request and replaces the list when not appending', () => {
    const state = initialNewsListState({ news: items('a') });
    const requested = newsListReducer(state, { type: 'request', filter: { topic: 'fiscal' } });
    expect(requested.filter).toEqual({ topic: 'fiscal' });
    const replaced = newsListReducer(requested, {
      type: 'success',
      news: items('z'),
      page: 1,
      append: false,
    });
    expect(replaced.news.map((n) => n.id)).toEqual(['z']);
  });
});
