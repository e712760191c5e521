import type { Metadata } from 'next';
import Link from 'next/link';
import { SiteChrome } from '@/app/_components/site-chrome';
import styles from '@/components/layout/status-page.module.css';
import { BackLink } from '@/components/ui/back-link';
import { env } from '@/server/env';

export const metadata: Metadata = { title: 'Page non trouvée', robots: { index: false } };

/**
 * Any unknown path (status 404). It renders under the root layout, outside the `(site)` group, so it brings the
 * site's frame itself.
 */
export default function NotFound() {
  const config = env();
  return (
    <SiteChrome
      shopBaseUrl={config.SHOP_BASE_URL}
      subscriberUrl={config.SUBSCRIBER_URL}
      accountsManagedBy={config.ACCOUNTS_MANAGED_BY}
      analyticsScriptUrl={config.ANALYTICS_SCRIPT_URL}
    >
      <div className={`container ${styles.page}`}>
        <p className={styles.code} aria-hidden="true">
          404
        </p>
        <h1 className={styles.title}>Page non trouvée</h1>
        <p>La page que vous cherchez n’existe pas ou a été déplacée.</p>
        <p>
          Utilisez la barre de recherche en haut de la page pour retrouver une actualité, un chiffre ou un
          document.
        </p>
        <ul className={styles.actions}>
          <li>
            <BackLink className={styles.secondary} />
          </li>
          <li>
            <Link href="/" className={styles.primary}>
              Retour à l’accueil
            </Link>
          </li>
        </ul>
      </div>
    </SiteChrome>
  );
}
