import { formatLongDate } from '@/lib/dates';
import styles from './article.module.css';

/** The article fields the byline shows (an article or simulator of the API, spec section 3). */
type Props = {
  article: {
    publication_date: string;
    update_date?: string | null | undefined;
    author?: string | null | undefined;
    author_function?: string | null | undefined;
    source?: string | null | undefined;
  };
};

/** 'Publié le {date}', 'mis à jour le {date}' when it differs, 'Par {author}, {function}' and the source. */
export function ArticleMeta({ article }: Props) {
  const {
    publication_date: publicationDate,
    update_date: updateDate,
    author,
    author_function: authorFunction,
    source,
  } = article;
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
