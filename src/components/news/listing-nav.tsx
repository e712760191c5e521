'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useId } from 'react';
import { FORMAT_LABELS, FormatFilter, formatHref } from '@/components/ui/format-filter';
import { NEWS_FORMATS, NEWS_TOPICS } from '@/lib/constants';
import { TOPIC_LABELS } from '@/lib/navigation';
import { type NewsFilters, newsFiltersQuery, withNewsFilters } from '@/lib/news-filters';
import { topicPath } from '@/lib/urls';
import styles from './listing.module.css';

type Props = { topic?: string | undefined; filters: NewsFilters };

/**
 * Topic and content-format choice of the news listings: links on desktop, two dropdowns on mobile. The filters of
 * the page (?metier=, ?format=, applied by the server) are kept when the topic changes, the trade when the
 * format does.
 */
export function ListingNav({ topic, filters }: Props) {
  const router = useRouter();
  const topicId = useId();
  const formatId = useId();
  const base = topicPath('news', topic);
  const current = topic ?? '';
  const format = filters.format ?? '';
  const trade = newsFiltersQuery({ metier: filters.metier });
  return (
    <div className={styles.nav}>
      <nav aria-label="Thèmes de l'actualité" className={styles.desktopOnly}>
        <ul className={styles.topics}>
          {['', ...NEWS_TOPICS].map((slug) => (
            <li key={slug || 'toutes'}>
              <Link
                href={withNewsFilters(topicPath('news', slug || undefined), filters)}
                aria-current={current === slug ? 'page' : undefined}
                className={styles.topicLink}
              >
                {slug ? TOPIC_LABELS[slug] : 'Toutes'}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className={styles.desktopOnly}>
        <FormatFilter basePath={base} current={format} query={trade} />
      </div>
      <div className={`${styles.mobileOnly} ${styles.selects}`}>
        <label htmlFor={topicId}>Thème</label>
        <select
          id={topicId}
          value={current}
          onChange={(event) =>
            router.push(withNewsFilters(topicPath('news', event.target.value || undefined), filters))
          }
        >
          {['', ...NEWS_TOPICS].map((slug) => (
            <option key={slug || 'toutes'} value={slug}>
              {slug ? TOPIC_LABELS[slug] : 'Toutes les actualités'}
            </option>
          ))}
        </select>
        <label htmlFor={formatId}>Format</label>
        <select
          id={formatId}
          value={format}
          onChange={(event) => router.push(formatHref(base, event.target.value, trade))}
        >
          <option value="">Tous</option>
          {NEWS_FORMATS.map((value) => (
            <option key={value} value={value}>
              {FORMAT_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
