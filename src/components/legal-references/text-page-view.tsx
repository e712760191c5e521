import Link from 'next/link';
import { JsonLd } from '@/components/article/json-ld';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { Pagination } from '@/components/ui/pagination';
import type { TextPageData } from '@/lib/contracts/legal-references';
import { formatLongDate } from '@/lib/dates';
import { FollowTextButton } from './follow-text-button';
import styles from './legal-references.module.css';

type Props = {
  data: TextPageData;
  siteUrl: string;
  /** The address of page N of this text. */
  pagePath: (page: number) => string;
  rssPath: string;
  jsonLd: Record<string, unknown>;
};

/** A text's page: its name and official link, "Suivre ce texte", and what we published citing it. */
export function TextPageView({ data, siteUrl, pagePath, rssPath, jsonLd }: Props) {
  const { reference, total, page, pageCount, documents } = data;
  return (
    <div className={`container ${styles.page}`}>
      <JsonLd data={jsonLd} />
      <Breadcrumb siteUrl={siteUrl} crumbs={[{ name: 'Textes cités' }, { name: reference.label }]} />
      <h1 className={styles.title}>{reference.label}</h1>
      <div className={styles.actions}>
        <a href={reference.url} rel="noopener external">
          Lire le texte officiel
        </a>
        <FollowTextButton referenceKey={reference.key} label={reference.label} />
        <a href={rssPath} type="application/rss+xml">
          Flux RSS
        </a>
      </div>
      <p className={styles.count}>
        {total === 1 ? '1 publication cite ce texte' : `${total} publications citent ce texte`}
        {pageCount > 1 ? ` (page ${page} sur ${pageCount})` : ''}.
      </p>
      <ol className={styles.documents}>
        {documents.map((document) => (
          <li key={`${document.corpus}:${document.id}`}>
            <h2>
              {document.corpus === 'article' ? (
                <Link href={document.url}>{document.title}</Link>
              ) : (
                <a href={document.url}>{document.title}</a>
              )}
            </h2>
            <span className={styles.meta}>
              {document.corpus === 'article' ? 'Actualité' : 'Documentation abonnés'} du{' '}
              <time dateTime={document.publishedAt}>{formatLongDate(document.publishedAt)}</time> · cite «{' '}
              {document.display} »
            </span>
            {document.summary ? <p>{document.summary}</p> : null}
          </li>
        ))}
      </ol>
      <Pagination current={page} total={pageCount} hrefFor={pagePath} />
    </div>
  );
}
