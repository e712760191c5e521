import type { ReactNode } from 'react';
import styles from './my-account.module.css';

/** What a Mon compte form said last, shown at the top of its section (the action redirected here with it). */
export type SectionNotice = { kind: 'success' | 'error'; message: string } | null;

type AccountSectionProps = { id: string; title: string; notice: SectionNotice; children: ReactNode };

/** A form's last message: a success is announced politely, an error at once. */
export function FormNotice({ notice }: { notice: SectionNotice }) {
  if (!notice) return null;
  return (
    <p
      className={notice.kind === 'success' ? styles.success : styles.error}
      role={notice.kind === 'success' ? 'status' : 'alert'}
    >
      {notice.message}
    </p>
  );
}

/** One section of Mon compte: its heading, anchor, and the message of its last form. */
export function AccountSection({ id, title, notice, children }: AccountSectionProps) {
  return (
    <section id={id} className={styles.section} aria-labelledby={`${id}-titre`} tabIndex={-1}>
      <h2 id={`${id}-titre`} className={styles.heading}>
        {title}
      </h2>
      <FormNotice notice={notice} />
      {children}
    </section>
  );
}
