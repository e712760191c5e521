import { NewsTeaser } from '@/components/news/news-teaser';
import { HOME_ALTERNATE_LAYOUT_COUNT, HOME_VIEW_NEWS } from '@/lib/constants';
import type { ArticleSummary } from '@/lib/contracts/content';
import styles from './home.module.css';

/**
 * The daily news: the main news and the side news (HOME_VIEW_NEWS in all), in the alternate layout when exactly
 * HOME_ALTERNATE_LAYOUT_COUNT news came back; from the ninth on, rows with their summary.
 */
export function HomeNews({ news }: { news: ArticleSummary[] }) {
  const [lead, ...others] = news;
  if (!lead) return <p>Aucune actualité n’est disponible pour le moment.</p>;
  const alternate = news.length === HOME_ALTERNATE_LAYOUT_COUNT;
  const side = others.slice(0, HOME_VIEW_NEWS - 1);
  const rows = others.slice(HOME_VIEW_NEWS - 1);
  return (
    <>
      <div
        className={alternate ? styles.gridAlternate : styles.grid}
        data-layout={alternate ? 'five' : 'eight'}
      >
        <div className={styles.lead}>
          <NewsTeaser article={lead} variant="lead" headingLevel="h2" priority />
        </div>
        <ul className={styles.side} aria-label="Autres actualités du jour">
          {side.map((article) => (
            <li key={article.id}>
              <NewsTeaser article={article} variant={alternate ? 'card' : 'side'} headingLevel="h2" />
            </li>
          ))}
        </ul>
      </div>
      {rows.length > 0 ? (
        <ul className={styles.rows} aria-label="Suite de l’actualité du jour">
          {rows.map((article) => (
            <li key={article.id}>
              <NewsTeaser article={article} variant="row" headingLevel="h2" />
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
