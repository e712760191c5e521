'use client';

import { useNewsList } from '@/client/news-list';
import { LoadMoreButton } from '@/components/news/load-more-button';
import { type ListedTeaser, NewsTeaser } from '@/components/news/news-teaser';
import { RATES_LIST_LIMIT, RATES_SHOW_MORE } from '@/lib/constants';
import type { NewsItem } from '@/lib/contracts/content';
import styles from './rates.module.css';

/** The schema of one item of the list, loaded with the first 'Plus d’actualités' (see `SchemaLoader`). */
const newsItem = async () => (await import('@/lib/contracts/content')).newsItem;

/**
 * An item of the list: the server's teaser (its date written, `toTeaser`, so that hydrating the list builds no date
 * formatter) with the thematic it is grouped under, or an item 'Voir plus' loaded.
 */
export type RatesItem = ListedTeaser & Pick<NewsItem, 'thematics'>;

type Props = {
  /** The items after the showcase, of the first RATES_LIST_LIMIT. */
  initial: RatesItem[];
  hasMore: boolean;
  filter: Record<string, string>;
};

/** Items without a thematic are grouped under this heading. */
const OTHER_GROUP = 'Autres chiffres et taux';

/** Items grouped by their first thematic, groups in order of first appearance (newest first). */
export function groupByThematic<Item extends Pick<NewsItem, 'thematics'>>(
  items: readonly Item[],
): { label: string; items: Item[] }[] {
  const groups = new Map<string, Item[]>();
  for (const item of items) {
    const label = item.thematics[0]?.label ?? OTHER_GROUP;
    groups.set(label, [...(groups.get(label) ?? []), item]);
  }
  return [...groups].map(([label, grouped]) => ({ label, items: grouped }));
}

/**
 * The items after the showcase, grouped by thematic, and the loader: RATES_SHOW_MORE more at a time, after
 * the RATES_LIST_LIMIT of the page (so the next page of RATES_SHOW_MORE is page RATES_LIST_LIMIT / RATES_SHOW_MORE + 1).
 */
export function RatesList({ initial, hasMore, filter }: Props) {
  const { state, loadMore } = useNewsList<RatesItem>(newsItem, {
    news: initial,
    filter,
    hasMore,
    limit: RATES_SHOW_MORE,
    page: RATES_LIST_LIMIT / RATES_SHOW_MORE,
  });
  const groups = groupByThematic(state.news);
  return (
    <div aria-busy={state.loading} className={styles.groups}>
      {groups.map((group) => (
        <section key={group.label} className={styles.group} aria-label={group.label}>
          <h2 className={styles.groupTitle}>{group.label}</h2>
          <ul className={styles.groupList}>
            {group.items.map((item) => (
              <li key={item.id}>
                <NewsTeaser article={item} variant="side" headingLevel="h3" />
              </li>
            ))}
          </ul>
        </section>
      ))}
      {state.message ? (
        <p role="alert" className={styles.error}>
          Une erreur est survenue ({state.status ?? ''}) : {state.message}
        </p>
      ) : null}
      <LoadMoreButton state={state} loadMore={loadMore} className={styles.more}>
        {state.loading ? 'Chargement...' : 'Voir plus de chiffres et taux'}
      </LoadMoreButton>
    </div>
  );
}
