import Link from 'next/link';
import { NewsTeaser } from '@/components/news/news-teaser';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { Pagination } from '@/components/ui/pagination';
import { PATHS } from '@/lib/constants';
import { MONTHS } from '@/lib/months';
import { archivePath } from '@/lib/urls';
import type { ArchivePageData } from '@/server/archive/archive-page';
import styles from './archive.module.css';
import { ArchiveYearSelect } from './archive-year-select';

/** Shown when the month has no article (spec section 2). */
export const NO_ARCHIVE_RESULT = 'Aucun Résultat';

/** The archive: years (links on desktop, a dropdown on mobile), twelve months, the month's articles, pages. */
export function ArchiveView({ data, siteUrl }: { data: ArchivePageData; siteUrl: string }) {
  const { selection, years, months, news, pageCount } = data;
  const monthName = MONTHS[selection.month - 1]?.name ?? '';
  return (
    <div className={`container ${styles.page}`}>
      <Breadcrumb
        siteUrl={siteUrl}
        crumbs={[{ name: 'Archives', path: PATHS.archives }, { name: String(selection.year) }]}
      />
      <h1 className={styles.title}>Archives</h1>
      {/* Without JavaScript the dropdown cannot open a year: the phone gets the years' links. */}
      <noscript>
        <style>{`.${styles.years}{display:block}.${styles.yearSelect}{display:none}`}</style>
      </noscript>
      <nav className={styles.years} aria-label="Années des archives">
        <ul>
          {years.map((year) => (
            <li key={year}>
              <Link
                href={archivePath(year, year === selection.year ? selection.month : 1)}
                aria-current={year === selection.year ? 'page' : undefined}
              >
                {year}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <ArchiveYearSelect
        className={styles.yearSelect}
        years={years}
        selected={selection.year}
        paths={Object.fromEntries(years.map((year) => [year, archivePath(year, 1)]))}
      />
      <nav aria-label={`Mois de ${selection.year}`}>
        <ul className={styles.months}>
          {months.map((entry) => {
            const name = MONTHS[entry.month - 1]?.name ?? entry.value;
            return (
              <li key={entry.month}>
                {entry.disabled ? (
                  <span className={styles.month} aria-disabled="true">
                    {name}
                  </span>
                ) : (
                  <Link
                    className={styles.month}
                    href={archivePath(selection.year, entry.month)}
                    aria-current={entry.month === selection.month ? 'page' : undefined}
                  >
                    {name}
                    <span className={styles.count}>
                      {' '}
                      ({entry.total}
                      <span className="visually-hidden"> articles</span>)
                    </span>
                  </Link>
                )}
              </li>
            );
          })}
        </ul>
      </nav>
      <section aria-labelledby="archives-du-mois">
        <h2 id="archives-du-mois" className={styles.heading}>
          {monthName} {selection.year}
          {selection.page > 1 ? ` – page ${selection.page}` : ''}
        </h2>
        {news.length > 0 ? (
          <ul className={styles.results}>
            {news.map((article) => (
              <li key={article.id}>
                <NewsTeaser article={article} />
              </li>
            ))}
          </ul>
        ) : (
          <p className={styles.empty} role="status">
            {NO_ARCHIVE_RESULT}
          </p>
        )}
        <Pagination
          current={selection.page}
          total={pageCount}
          hrefFor={(page) => archivePath(selection.year, selection.month, page)}
        />
      </section>
    </div>
  );
}
