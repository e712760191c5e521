import type { ReactNode } from 'react';
import styles from './my-account.module.css';

type AccountFormProps = {
  /** The server action it posts to: the form works without JavaScript. */
  action: (form: FormData) => Promise<void>;
  submitLabel: string;
  /** Values sent back unchanged, such as the token of an e-mailed link. */
  hidden?: Record<string, string>;
  /** A section of Mon compte lays its form out; a page of one form (AccountFormPage) already does. */
  className?: string;
  /** The button of an action that cannot be undone. */
  danger?: boolean;
  children?: ReactNode;
};

/** A form of the account pages and of Mon compte: its hidden values, its fields, then its one submit button. */
export function AccountForm({
  action,
  submitLabel,
  hidden = {},
  className,
  danger = false,
  children,
}: AccountFormProps) {
  return (
    <form action={action} className={className}>
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
      <button type="submit" className={danger ? styles.danger : styles.button}>
        {submitLabel}
      </button>
    </form>
  );
}
