'use client';

import { useSearchParams } from 'next/navigation';
import { Suspense, useEffect, useState } from 'react';
import { type NewsFilter, useNewsList } from '@/client/news-list';
import { LoadingStatus } from '@/components/ui/loading-status';
import { FIRST_PAGE, MORE_NEWS_PAGE_SIZE, NEWS_FORMATS, QUERY_PARAM } from '@/lib/constants';
import styles from './news-list-section.module.css';
import { NewsTeaser, type TeaserArticle } from './news-teaser';

/** Shown when no news matches the filters (spec section 8). */
export const NO_NEWS_MESSAGE =
  "Il n'y a aucune actualité correspondant aux filtres que vous avez sélectionnés";

type Props = {
  heading: string;
  news: TeaserArticle[];
  hasMore: boolean;
  /** The query of GET /api/article/summary that produced `news`, repeated for the next pages. */
  filter: NewsFilter;
  /** How many news 'Plus d'actualités' adds. */
  pageSize?: number;
  /** Pages of `pageSize` already shown by the page (above the list too); the next load asks for the one after. */
  page?: number;
  /** No news at all matched: the list shows the no-match message (the page's grid may hold every news). */
  emptyWhenNone?: boolean;
};

/**
 * A news list with its 'Plus d'actualités' button (spec section 4). The page HTML is cached for every visitor,
 * so a content format chosen in the URL (?format=) is applied here, in the browser, by reloading the list.
 */
export function NewsListSection({
  heading,
  news,
  hasMore,
  filter,
  pageSize = MORE_NEWS_PAGE_SIZE,
  page,
  emptyWhenNone = true,
}: Props) {
  const { state, loadMore, reload } = useNewsList<TeaserArticle>({
    news,
    filter,
    hasMore,
    limit: pageSize,
    page: Math.max(FIRST_PAGE, page ?? FIRST_PAGE),
  });
  // After a reload (a format chosen) the list holds every news of the page.
  const [reloaded, setReloaded] = useState(false);
  const showEmpty = state.news.length === 0 && !state.loading && (emptyWhenNone || reloaded || state.message);

  return (
    <section className={styles.section} aria-labelledby="liste-actualites" aria-busy={state.loading}>
      <Suspense fallback={null}>
        <FormatFromUrl
          onFormat={(format) => {
            setReloaded(true);
            void reload(format ? { ...filter, type: format } : filter);
          }}
        />
      </Suspense>
      <h2 id="liste-actualites" className={styles.heading}>
        {heading}
      </h2>
      {state.news.length > 0 ? (
        <ul className={styles.list}>
          {state.news.map((item) => (
            <li key={item.id}>
              <NewsTeaser article={item} />
            </li>
          ))}
        </ul>
      ) : showEmpty ? (
        <p className={styles.empty} role="status">
          {state.message
            ? `Une erreur est survenue (${state.status ?? ''}) : ${state.message}`
            : NO_NEWS_MESSAGE}
        </p>
      ) : null}
      {state.loading ? <LoadingStatus className={styles.loading} /> : null}
      {state.hasMore ? (
        <button
          type="button"
          className={styles.more}
          onClick={() => void loadMore()}
          disabled={state.loading}
        >
          Plus d'actualités
        </button>
      ) : null}
    </section>
  );
}

/**
 * Applies the ?format= of the URL to the list, on load and on each change. Alone under a Suspense boundary, so
 * reading the query string in the browser does not keep the list out of the cached HTML.
 */
function FormatFromUrl({ onFormat }: { onFormat: (format: string) => void }) {
  const raw = useSearchParams().get(QUERY_PARAM.format) ?? '';
  const format = (NEWS_FORMATS as readonly string[]).includes(raw) ? raw : '';
  const [applied, setApplied] = useState('');
  useEffect(() => {
    if (format === applied) return;
    setApplied(format);
    onFormat(format);
  }, [format, applied, onFormat]);
  return null;
}
