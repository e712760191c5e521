import type { ReactNode } from 'react';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import styles from './static-page.module.css';

type Props = { title: string; lead?: string; updated?: string; siteUrl: string; children: ReactNode };

/** An editorial page of the site (terms, legal notices, about us): breadcrumb, title, lead and sections. */
export function StaticPage({ title, lead, updated, siteUrl, children }: Props) {
  return (
    <div className={`container ${styles.page}`}>
      <Breadcrumb siteUrl={siteUrl} crumbs={[{ name: title }]} />
      <h1 className={styles.title}>{title}</h1>
      {lead ? <p className={styles.lead}>{lead}</p> : null}
      <div className={styles.body}>{children}</div>
      {updated ? <p className={styles.updated}>Dernière mise à jour : {updated}</p> : null}
    </div>
  );
}
