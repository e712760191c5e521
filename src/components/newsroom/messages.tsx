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

/**
 * A polite live region that stays in the page, so that the notice put in it later is announced; shows `message`
 * when there is one.
 */
export function LiveNotice({ message }: { message: string | null | undefined }) {
  return (
    <div role="status" aria-live="polite">
      {message ? <p className={styles.notice}>{message}</p> : null}
    </div>
  );
}

/**
 * The messages of a page that saves several things: its error with, under it, what the server said of each field
 * (`details`), then its `LiveNotice`.
 */
export function PageMessages({
  error,
  notice,
  details,
}: {
  error: string | null;
  notice: string | null;
  details?: readonly string[];
}) {
  return (
    <>
      {error ? (
        <div className={styles.alert} role="alert">
          <p>{error}</p>
          {details && details.length > 0 ? (
            <ul>
              {details.map((detail) => (
                <li key={detail}>{detail}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <LiveNotice message={notice} />
    </>
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
