import type { ArticleSummary } from '@/lib/contracts/content';
import styles from './news-grid.module.css';
import { NewsTeaser } from './news-teaser';

type Props = {
  news: ArticleSummary[];
  /** A label for the grid's list, read by screen readers. */
  label: string;
};

/** The main grid of a listing: the lead news with its cover (the page's largest paint, loaded first), then the next ones. */
export function NewsGrid({ news, label }: Props) {
  const [lead, ...others] = news;
  if (!lead) return null;
  return (
    <div className={styles.grid}>
      <div className={styles.lead}>
        <NewsTeaser article={lead} variant="lead" headingLevel="h2" priority />
      </div>
      {others.length > 0 ? (
        <ul className={styles.others} aria-label={label}>
          {others.map((item) => (
            <li key={item.id}>
              <NewsTeaser article={item} variant="side" headingLevel="h2" />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
