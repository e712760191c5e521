import { Breadcrumb } from '@/components/ui/breadcrumb';
import type { StaticPageView } from '@/lib/contracts/static-pages';
import styles from './static-page.module.css';

/**
 * Each table of a page's body in a scrolling region a keyboard can reach (axe: scrollable-region-focusable): the
 * privacy page's tables are wider than a phone. The HTML is the sanitiser's, so every table is closed.
 */
function withTableRegions(html: string): string {
  let count = 0;
  return html
    .replace(/<table\b/g, () => {
      count += 1;
      return `<div class="${styles.tableRegion}" role="region" aria-label="Tableau ${count}" tabindex="0"><table`;
    })
    .replace(/<\/table>/g, '</table></div>');
}

/** The rich-text body of an editorial page, already sanitised by the server (src/server/editorial-pages/reader-pages.ts). */
export function StaticPageBody({ html }: { html: string }) {
  if (!html) return null;
  return (
    <div
      className={styles.body}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on save and again on render (allowlist).
      dangerouslySetInnerHTML={{ __html: withTableRegions(html) }}
    />
  );
}

type Props = { page: StaticPageView; siteUrl: string };

/** An editorial page of the site (terms, legal notices, about us): breadcrumb, title, lead, body and its date. */
export function StaticPage({ page, siteUrl }: Props) {
  return (
    <div className={`container ${styles.page}`}>
      <Breadcrumb siteUrl={siteUrl} crumbs={[{ name: page.title }]} />
      <h1 className={styles.title}>{page.title}</h1>
      {page.lead ? <p className={styles.lead}>{page.lead}</p> : null}
      <StaticPageBody html={page.bodyHtml} />
      {page.updated ? <p className={styles.updated}>Dernière mise à jour : {page.updated}</p> : null}
    </div>
  );
}
