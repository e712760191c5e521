import Link from 'next/link';
import { JsonLd } from '@/components/article/json-ld';
import { PATHS } from '@/lib/constants';
import { breadcrumbJsonLd, type Crumb } from '@/lib/structured-data';
import styles from './breadcrumb.module.css';

/**
 * The breadcrumb: Accueil, then the section, then the topic (spec section 2), with its BreadcrumbList JSON-LD.
 * A crumb without a path is plain text (the current page, or topics in archive mode).
 *
 * Usage: `<Breadcrumb siteUrl={siteUrl} crumbs={[{ name: 'Actualités', path: '/actualite' }, { name: 'Fiscal' }]} />`,
 * the site's address handed down by the page (`env().SITE_URL`), for the JSON-LD's absolute links.
 */
export function Breadcrumb({ crumbs, siteUrl }: { crumbs: readonly Crumb[]; siteUrl: string }) {
  const all: Crumb[] = [{ name: 'Accueil', path: PATHS.home }, ...crumbs];
  return (
    <nav aria-label="Fil d’Ariane" className={styles.breadcrumb}>
      <ol className={styles.list}>
        {all.map((crumb, index) => {
          const last = index === all.length - 1;
          return (
            <li key={`${crumb.name}-${crumb.path ?? index}`} className={styles.item}>
              {crumb.path && !last ? (
                // The home is not prefetched (SiteHeader says why).
                <Link href={crumb.path} prefetch={crumb.path === PATHS.home ? false : undefined}>
                  {crumb.name}
                </Link>
              ) : (
                <span aria-current={last ? 'page' : undefined}>{crumb.name}</span>
              )}
            </li>
          );
        })}
      </ol>
      <JsonLd data={breadcrumbJsonLd(siteUrl, all)} />
    </nav>
  );
}
