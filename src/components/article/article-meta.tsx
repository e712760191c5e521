import { formatLongDate } from '@/lib/dates';
import styles from './article.module.css';

type Props = {
  publicationDate: string;
  updateDate?: string | null | undefined;
  author?: string | null | undefined;
  authorFunction?: string | null | undefined;
  source?: string | null | undefined;
};

/** 'Publié le {date}', 'mis à jour le {date}' when it differs, 'Par {author}, {function}' and the source. */
export function ArticleMeta({ publicationDate, updateDate, author, authorFunction, source }: Props) {
  const updated =
    updateDate && formatLongDate(updateDate) !== formatLongDate(publicationDate) ? updateDate : null;
  return (
    <div className={styles.meta}>
      <p className={styles.dates}>
        Publié le <time dateTime={publicationDate}>{formatLongDate(publicationDate)}</time>
        {updated ? (
          <>
            {', '}mis à jour le <time dateTime={updated}>{formatLongDate(updated)}</time>
          </>
        ) : null}
      </p>
      {author ? (
        <p className={styles.author}>
          {authorFunction ? `Par ${author}, ${authorFunction}` : `Par ${author}`}
        </p>
      ) : null}
      {source ? <p className={styles.source}>Source : {source}</p> : null}
    </div>
  );
}
