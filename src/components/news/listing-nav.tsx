'use client';

import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { Suspense, useId } from 'react';
import { FORMAT_LABELS, FormatFilter, formatHref } from '@/components/ui/format-filter';
import { NEWS_FORMATS, NEWS_TOPICS, QUERY_PARAM } from '@/lib/constants';
import { TOPIC_LABELS } from '@/lib/navigation';
import { topicPath } from '@/lib/urls';
import styles from './listing.module.css';

type Props = { topic?: string | undefined };

/**
 * Topic and content-format choice of the news listings: links on desktop, two dropdowns on mobile. The format
 * travels in ?format=, read in the browser: the cached page HTML is shared by every format.
 */
export function ListingNav(props: Props) {
  return (
    <Suspense fallback={<ListingNavView {...props} format="" />}>
      <RoutedListingNav {...props} />
    </Suspense>
  );
}

function RoutedListingNav(props: Props) {
  const format = useSearchParams().get(QUERY_PARAM.format) ?? '';
  return (
    <ListingNavView {...props} format={(NEWS_FORMATS as readonly string[]).includes(format) ? format : ''} />
  );
}

function ListingNavView({ topic, format }: Props & { format: string }) {
  const router = useRouter();
  const topicId = useId();
  const formatId = useId();
  const base = topicPath('news', topic);
  const current = topic ?? '';
  return (
    <div className={styles.nav}>
      <nav aria-label="Thèmes de l'actualité" className={styles.desktopOnly}>
        <ul className={styles.topics}>
          {['', ...NEWS_TOPICS].map((slug) => (
            <li key={slug || 'toutes'}>
              <Link
                href={topicPath('news', slug || undefined)}
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
        <FormatFilter basePath={base} current={format} />
      </div>
      <div className={`${styles.mobileOnly} ${styles.selects}`}>
        <label htmlFor={topicId}>Thème</label>
        <select
          id={topicId}
          value={current}
          onChange={(event) =>
            router.push(formatHref(topicPath('news', event.target.value || undefined), format))
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
          onChange={(event) => router.push(formatHref(base, event.target.value))}
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
