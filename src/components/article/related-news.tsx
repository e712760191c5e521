import { NewsTeaser } from '@/components/news/news-teaser';
import type { ArticleSummary } from '@/lib/contracts/content';
import styles from './article.module.css';

/** 'A lire aussi': up to three news on the same thematics. */
export function RelatedNews({ news }: { news: ArticleSummary[] }) {
  if (news.length === 0) return null;
  return (
    <section className={styles.related} aria-labelledby="a-lire-aussi">
      <h2 id="a-lire-aussi">A lire aussi</h2>
      <ul>
        {news.map((item) => (
          <li key={item.id}>
            <NewsTeaser article={item} variant="side" />
          </li>
        ))}
      </ul>
    </section>
  );
}
