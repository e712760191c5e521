import type { Metadata } from 'next';
import Link from 'next/link';
import styles from '@/components/layout/status-page.module.css';
import { BackLink } from '@/components/ui/back-link';
import { PATHS } from '@/lib/constants';

export const metadata: Metadata = { title: 'Contenu retiré', robots: { index: false } };

/**
 * The page of a withdrawn address (status 410: an unpublished article, an old address removed), in the reader
 * site's frame like the 404 page. The HTTP hook serves it in place of those addresses and sets the status
 * (src/server/http/gone-page.ts): a Next.js page can only answer 404.
 */
export default function GonePage() {
  return (
    <div className={`container ${styles.page}`}>
      <p className={styles.code} aria-hidden="true">
        410
      </p>
      <h1 className={styles.title}>Ce contenu n’est plus disponible</h1>
      <p>La page que vous demandez a été retirée du site par la rédaction.</p>
      <p>
        Utilisez la barre de recherche en haut de la page pour retrouver une actualité, un chiffre ou un
        document.
      </p>
      <ul className={styles.actions}>
        <li>
          <BackLink className={styles.secondary} />
        </li>
        <li>
          <Link href={PATHS.news} className={styles.secondary}>
            Toutes les actualités
          </Link>
        </li>
        <li>
          <Link href={PATHS.home} className={styles.primary}>
            Retour à l’accueil
          </Link>
        </li>
      </ul>
    </div>
  );
}
