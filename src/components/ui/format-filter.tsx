import Link from 'next/link';
import { ARTICLE_TYPE, NEWS_FORMATS, type NewsFormat, QUERY_PARAM } from '@/lib/constants';
import styles from './format-filter.module.css';

/** Labels of the content-format filter (spec section 2: all, videos, podcast, timeline, infographic). */
export const FORMAT_LABELS: Readonly<Record<NewsFormat, string>> = {
  [ARTICLE_TYPE.video]: 'Vidéos',
  [ARTICLE_TYPE.podcast]: 'Podcasts',
  [ARTICLE_TYPE.timeline]: 'Timelines',
  [ARTICLE_TYPE.infographic]: 'Infographies',
};

type FormatFilterProps = {
  /** The listing's path, e.g. /actualite or /actualite/fiscal. */
  basePath: string;
  /** The selected format; empty or undefined for all. */
  current?: string;
  /** Other query parameters to keep (e.g. { metier: 'fiscal' }). */
  query?: Readonly<Record<string, string>>;
};

/** The href of the listing filtered by a format ('' for all). */
export function formatHref(
  basePath: string,
  format: string,
  query: Readonly<Record<string, string>> = {},
): string {
  const params = new URLSearchParams(query);
  params.delete(QUERY_PARAM.page);
  if (format) params.set(QUERY_PARAM.format, format);
  else params.delete(QUERY_PARAM.format);
  const search = params.toString();
  return search ? `${basePath}?${search}` : basePath;
}

/**
 * The content-format filter of news listings: links that set `format`, the current one marked.
 *
 * Usage: `<FormatFilter basePath="/actualite" current={format} />`
 */
export function FormatFilter({ basePath, current = '', query }: FormatFilterProps) {
  const entries: { value: string; label: string }[] = [
    { value: '', label: 'Tous' },
    ...NEWS_FORMATS.map((format) => ({ value: format, label: FORMAT_LABELS[format] })),
  ];
  return (
    <nav aria-label="Filtrer par format" className={styles.filter}>
      <ul className={styles.list}>
        {entries.map((entry) => (
          <li key={entry.value}>
            <Link
              href={formatHref(basePath, entry.value, query)}
              className={styles.link}
              aria-current={entry.value === current ? 'page' : undefined}
            >
              {entry.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
