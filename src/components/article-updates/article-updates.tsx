import Link from 'next/link';
import { comparisonPath } from '@/lib/article-updates';
import { formatLongDate } from '@/lib/dates';
import styles from './article-updates.module.css';

type Props = {
  articleId: string;
  updates: readonly { id: number; note: string; updatedAt: Date | string }[];
};

/** "Ce qui a changé", under the article's dates: each dated note, newest first, and the comparison's link. */
export function ArticleUpdates({ articleId, updates }: Props) {
  if (updates.length === 0) return null;
  return (
    <section aria-labelledby="ce-qui-a-change" className={styles.updates}>
      <h2 id="ce-qui-a-change" className={styles.heading}>
        Ce qui a changé
      </h2>
      <ol className={styles.list}>
        {updates.map((update) => {
          const day = new Date(update.updatedAt);
          return (
            <li key={update.id}>
              <time dateTime={day.toISOString()}>{formatLongDate(day)}</time> : {update.note}
            </li>
          );
        })}
      </ol>
      <p className={styles.compare}>
        <Link href={comparisonPath(articleId)} prefetch={false}>
          Comparer les versions publiées
        </Link>
      </p>
    </section>
  );
}
