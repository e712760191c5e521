import type { ReactNode } from 'react';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { FormNotice, type SectionNotice } from './account-section';
import styles from './my-account.module.css';

export type AccountFormPageProps = {
  title: string;
  lead?: string;
  notice: SectionNotice;
  siteUrl: string;
  children?: ReactNode;
};

/** A page of one account form (forgotten password, new password, confirmation): title, message, form. */
export function AccountFormPage({ title, lead, notice, siteUrl, children }: AccountFormPageProps) {
  return (
    <div className={`container ${styles.page}`}>
      <Breadcrumb siteUrl={siteUrl} crumbs={[{ name: title }]} />
      <h1 className={styles.title}>{title}</h1>
      {lead ? <p className={styles.lead}>{lead}</p> : null}
      <FormNotice notice={notice} />
      <div className={styles.form}>{children}</div>
    </div>
  );
}
