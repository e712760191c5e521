'use client';

import styles from '@/components/layout/status-page.module.css';

/** A rendering error inside the layout: an error panel with the message, the header and footer kept. */
export default function ErrorPage({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  return (
    <div className="container">
      <div className={styles.panel} role="alert">
        <h1>Une erreur est survenue</h1>
        <p>{error.message || 'global app error'}</p>
        <button type="button" className={styles.secondary} onClick={reset}>
          Réessayer
        </button>
      </div>
    </div>
  );
}
