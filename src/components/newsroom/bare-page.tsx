import type { ReactNode } from 'react';
import styles from './newsroom.module.css';

/** A newsroom page before sign-in (sign-in, first account, invitation): a title and one form, no menu. */
export function BarePage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className={styles.shell}>
      <header className={styles.topbar}>
        <div className={styles.topbarInner}>
          <span className={styles.brand}>Rédaction – La Quotidienne</span>
        </div>
      </header>
      <main id="contenu" className={`${styles.main} ${styles.narrow}`}>
        <h1 className={styles.pageTitle}>{title}</h1>
        {children}
      </main>
    </div>
  );
}
