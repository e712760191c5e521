import type { Metadata } from 'next';
import Link from 'next/link';
import styles from '@/components/static/static-page.module.css';

export const metadata: Metadata = { title: 'Compte supprimé', robots: { index: false, follow: false } };
// Never prerendered at build: its frame's menu lists the simulator families in use (the build has no database).
export const dynamic = 'force-dynamic';

/** Where "Supprimer mon compte" leads once done. */
export default function AccountDeletedPage() {
  return (
    <div className={`container ${styles.page}`}>
      <h1 className={styles.title}>Votre compte est supprimé</h1>
      <p role="status">
        Votre compte, vos données personnelles et votre inscription à la newsletter ont été effacés, et vous
        êtes déconnecté.
      </p>
      <p>
        <Link href="/">Retour à l’accueil</Link>
      </p>
    </div>
  );
}
