'use client';

import { type NewsFilter, useNewsList } from '@/client/news-list';
import { LoadingStatus } from '@/components/ui/loading-status';
import { FIRST_PAGE, MORE_NEWS_PAGE_SIZE } from '@/lib/constants';
import { LoadMoreButton } from './load-more-button';
import styles from './news-list-section.module.css';
import { NewsTeaser, type TeaserArticle } from './news-teaser';

/** The schema of one news of the list, loaded with the first 'Plus d’actualités' (see `SchemaLoader`). */
const teaserArticle = async () => (await import('@/lib/contracts/content')).teaserArticle;

/** Shown when no news matches the filters (spec section 8). */
export const NO_NEWS_MESSAGE =
  "Il n'y a aucune actualité correspondant aux filtres que vous avez sélectionnés";
/** Shown when a load failed without a message of its own (a 500 of 'Plus d'actualités'). */
export const LOAD_FAILED_MESSAGE = 'Les actualités n’ont pas pu être chargées.';

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
 * A news list with its 'Plus d'actualités' button (spec section 4). The page's filters (trade, format) are
 * applied by the server and carried in `filter`. A failed load empties the list as the spec says, and says so
 * with a 'Réessayer' button that brings the list back and loads again.
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
  const { state, loadMore, retry } = useNewsList(teaserArticle, {
    news,
    filter,
    hasMore,
    limit: pageSize,
    page: Math.max(FIRST_PAGE, page ?? FIRST_PAGE),
  });
  const idle = state.news.length === 0 && !state.loading;

  return (
    <section className={styles.section} aria-labelledby="liste-actualites" aria-busy={state.loading}>
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
      ) : null}
      {/* Always in the page, so screen readers announce the message when it appears. */}
      <div role="status">
        {idle && state.failed ? (
          <div className={styles.empty}>
            <p>
              {state.message
                ? `Une erreur est survenue${state.status ? ` (${state.status})` : ''} : ${state.message}`
                : LOAD_FAILED_MESSAGE}
            </p>
            <button type="button" className={styles.more} onClick={() => void retry()}>
              Réessayer
            </button>
          </div>
        ) : idle && emptyWhenNone ? (
          <p className={styles.empty}>{NO_NEWS_MESSAGE}</p>
        ) : null}
      </div>
      {state.loading ? <LoadingStatus className={styles.loading} /> : null}
      <LoadMoreButton state={state} loadMore={loadMore} className={styles.more}>
        Plus d'actualités
      </LoadMoreButton>
    </section>
  );
}
