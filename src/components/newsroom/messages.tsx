import styles from './newsroom.module.css';

/**
 * The messages a newsroom page shows above its content. Each renders nothing without a message, so a page writes
 * `<ErrorAlert message={error} />` instead of repeating the condition and the role.
 */

/** A failure or a refusal, announced at once (`role="alert"`). `id` lets a form point at it (aria-describedby). */
export function ErrorAlert({ message, id }: { message: string | null | undefined; id?: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className={styles.alert} role="alert">
      {message}
    </p>
  );
}

/** What an action did ("Compte créé."), announced politely (`role="status"`). */
export function StatusNotice({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p className={styles.notice} role="status">
      {message}
    </p>
  );
}

/** The placeholder of a page or list whose data is on its way. */
export function Loading() {
  return (
    <p className="loading" role="status">
      Chargement...
    </p>
  );
}
