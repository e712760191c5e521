'use client';

import { useEffect, useRef, useState } from 'react';
import { type UnsubscribeOutcome, unsubscribeNewsletter } from '@/client/newsletter';
import { LoadingStatus } from '@/components/ui/loading-status';
import styles from './static-page.module.css';

type Props = {
  email: string;
  /** The valid signed token of the link: unsubscribe at once, without asking. Null without one. */
  token: string | null;
  /** The campaign the link came in (its results count the unsubscription), with a token only. */
  campaign?: string | undefined;
};

/**
 * Unsubscription from the newsletter (spec section 4): 200 shows the server's text, 204 the fixed confirmation,
 * anything else the generic error. A link with a valid token unsubscribes as soon as the page runs in a browser;
 * otherwise a click is asked for (a link scanner fetching the page does nothing), and the server e-mails the
 * signed link to the address instead of unsubscribing it: only its owner can.
 */
export function UnsubscribePanel({ email, token, campaign }: Props) {
  const confirmed = token !== null;
  const [outcome, setOutcome] = useState<UnsubscribeOutcome | null>(null);
  const [pending, setPending] = useState(false);
  const started = useRef(false);

  async function run() {
    if (started.current) return;
    started.current = true;
    setPending(true);
    setOutcome(await unsubscribeNewsletter(email, token ?? undefined, campaign));
    setPending(false);
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page view; run's ref guard stops a second call.
  useEffect(() => {
    if (confirmed) void run();
  }, [confirmed]);

  if (outcome) {
    return (
      <p role={outcome.ok ? 'status' : 'alert'} className={outcome.ok ? styles.success : styles.error}>
        {outcome.message}
      </p>
    );
  }
  if (confirmed || pending) {
    return <LoadingStatus className={styles.pending} />;
  }
  return (
    <div className={styles.confirm}>
      <p>
        Vous ne recevrez plus la newsletter à l’adresse <strong>{email}</strong>. Confirmez-vous la
        désinscription ?
      </p>
      <button type="button" className={styles.button} onClick={() => void run()}>
        Confirmer la désinscription
      </button>
    </div>
  );
}
