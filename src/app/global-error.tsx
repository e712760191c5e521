'use client';

import './globals.css';
import styles from '@/components/layout/status-page.module.css';

/** A rendering error of the root layout itself: the whole document is replaced by an error panel. */
export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  return (
    <html lang="fr">
      <body>
        <main className="container">
          <div className={styles.panel} role="alert">
            <h1>Une erreur est survenue</h1>
            <p>{error.message || 'global app error'}</p>
            <p>
              <a href="/">Retour à l’accueil</a>
            </p>
          </div>
        </main>
      </body>
    </html>
  );
}
