import type { Metadata } from 'next';
import Link from 'next/link';
import styles from '@/components/layout/status-page.module.css';
import { BackLink } from '@/components/ui/back-link';

/** The title of a page not found: the 404 pages', and a route's whose content does not exist (its metadata). */
export const NOT_FOUND_METADATA: Metadata = { title: 'Page non trouvée', robots: { index: false } };

/** The text of the 404 page, inside whatever frame shows it (app/not-found.tsx, app/global-not-found.tsx). */
export function NotFoundContent() {
  return (
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
          <Link href="/" className={styles.primary} prefetch={false}>
            Retour à l’accueil
          </Link>
        </li>
      </ul>
    </div>
  );
}
