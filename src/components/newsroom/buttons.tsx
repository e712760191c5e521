import type { ReactNode } from 'react';
import styles from './newsroom.module.css';

/** Buttons of the newsroom that carry a behaviour of their own beyond their style. */

/**
 * A button of a table row that looks like a link: its visible word ("Fermer") and, for screen readers, the words
 * that say which row it acts on (`context`: "le compte de Marie Durand"). `spaced` puts a space before it, when it
 * follows the cell's text.
 */
export function RowButton({
  onClick,
  children,
  context,
  spaced = false,
  disabled = false,
}: {
  onClick: () => void;
  children: ReactNode;
  context: string;
  spaced?: boolean;
  disabled?: boolean;
}) {
  return (
    <>
      {spaced ? ' ' : null}
      <button type="button" className={styles.linkButton} onClick={onClick} disabled={disabled}>
        {children}
        <span className="visually-hidden"> {context}</span>
      </button>
    </>
  );
}

/**
 * "Monter" and "Descendre" for item `index` of `count` (the first cannot go up, the last down); `context` names
 * the item for screen readers ("la section 2"); `onMove` receives -1 or 1.
 */
export function MoveButtons({
  index,
  count,
  context,
  onMove,
}: {
  index: number;
  count: number;
  context: string;
  onMove: (offset: -1 | 1) => void;
}) {
  return (
    <>
      <button
        type="button"
        className={styles.secondaryButton}
        disabled={index === 0}
        onClick={() => onMove(-1)}
      >
        Monter<span className="visually-hidden"> {context}</span>
      </button>
      <button
        type="button"
        className={styles.secondaryButton}
        disabled={index === count - 1}
        onClick={() => onMove(1)}
      >
        Descendre<span className="visually-hidden"> {context}</span>
      </button>
    </>
  );
}

/**
 * A red button for an action that cannot be taken back: it asks `question` (the browser's confirmation) and acts
 * only on "OK".
 */
export function ConfirmButton({
  question,
  onConfirm,
  children,
}: {
  question: string;
  onConfirm: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={styles.dangerButton}
      onClick={() => {
        if (window.confirm(question)) onConfirm();
      }}
    >
      {children}
    </button>
  );
}

/**
 * The submit button of a form, on its own row of actions: `kind` says its weight ("secondary" for a search or an
 * import, "danger" for a removal), `disabled` holds it while the form is sent.
 */
export function SubmitRow({
  children,
  kind = 'primary',
  disabled = false,
}: {
  children: ReactNode;
  kind?: 'primary' | 'secondary' | 'danger';
  disabled?: boolean;
}) {
  const className = {
    primary: styles.primaryButton,
    secondary: styles.secondaryButton,
    danger: styles.dangerButton,
  };
  return (
    <div className={styles.actions}>
      <button type="submit" className={className[kind]} disabled={disabled}>
        {children}
      </button>
    </div>
  );
}
