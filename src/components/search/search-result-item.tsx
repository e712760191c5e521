import Link from 'next/link';
import type { SearchResult } from '@/lib/contracts/search';
import { formatLongDate } from '@/lib/dates';
import styles from './search.module.css';
import { SubscriberDocumentLink } from './subscriber-document-link';

type Props = { result: SearchResult; headingLevel?: 'h3' | 'h4' };

/** One search result: type, linked title, date, collection and the snippet with the matched words marked. */
export function SearchResultItem({ result, headingLevel: Heading = 'h3' }: Props) {
  return (
    <article className={styles.result}>
      <p className={styles.resultType}>
        {result.type_document}
        {result.subscriber_only ? <span className={styles.badge}>Abonnés</span> : null}
      </p>
      <Heading className={styles.resultTitle}>
        {result.subscriber_only ? (
          <SubscriberDocumentLink href={result.url} title={result.titre_affichage}>
            {result.titre_affichage}
          </SubscriberDocumentLink>
        ) : (
          // Results are many and each one a page the server renders: not prefetched, as the news lists.
          <Link href={result.url} prefetch={false}>
            {result.titre_affichage}
          </Link>
        )}
      </Heading>
      <p className={styles.resultMeta}>
        <time dateTime={result.date_resultat}>{formatLongDate(result.date_resultat)}</time>
        {result.titre_ouvrage ? <> · {result.titre_ouvrage}</> : null}
      </p>
      {result.texte ? (
        <p
          className={styles.snippet}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped on the server, only <mark> added.
          dangerouslySetInnerHTML={{ __html: result.texte }}
        />
      ) : null}
    </article>
  );
}
