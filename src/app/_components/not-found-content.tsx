import type { Metadata } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';
import styles from '@/components/layout/status-page.module.css';
import { BackLink } from '@/components/ui/back-link';

/** The title of a page not found: the 404 pages', and a route's whose content does not exist (its metadata). */
export const NOT_FOUND_METADATA: Metadata = { title: 'Page non trouvée', robots: { index: false } };

/**
 * The text of a status page (404, 410), inside whatever frame shows it: its code, title and message, then the way
 * back, `links` onward and the home page (never prefetched: its cover image is not for this page).
 */
export function StatusPageContent({
  code,
  title,
  message,
  links,
}: {
  code: 404 | 410;
  title: string;
  message: string;
  links?: ReactNode;
}) {
  return (
    <div className={`container ${styles.page}`}>
      <p className={styles.code} aria-hidden="true">
        {code}
      </p>
      <h1 className={styles.title}>{title}</h1>
      <p>{message}</p>
      <p>
        Utilisez la barre de recherche en haut de la page pour retrouver une actualité, un chiffre ou un
        document.
      </p>
      <ul className={styles.actions}>
        <li>
          <BackLink className={styles.secondary} />
        </li>
        {links}
        <li>
          <Link href="/" className={styles.primary} prefetch={false}>
            Retour à l’accueil
          </Link>
        </li>
      </ul>
    </div>
  );
}

/** The text of the 404 page (app/not-found.tsx, app/global-not-found.tsx). */
export function NotFoundContent() {
  return (
    <StatusPageContent
      code={404}
      title="Page non trouvée"
      message="La page que vous cherchez n’existe pas ou a été déplacée."
    />
  );
}
