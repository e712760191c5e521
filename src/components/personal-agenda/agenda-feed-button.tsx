'use client';

import { useId, useState } from 'react';
import { createAgendaFeed } from '@/client/agenda-feed';
import styles from '@/components/my-account/my-account.module.css';

/**
 * Creates the private feed address and shows it once (only its hash is kept): a new one replaces the previous,
 * which then answers 404.
 */
export function AgendaFeedButton({ hasFeed }: { hasFeed: boolean }) {
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const fieldId = useId();
  const create = async () => {
    if (busy) return;
    setBusy(true);
    setFailed(false);
    try {
      setUrl(await createAgendaFeed());
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={styles.form}>
      <p className={styles.intro}>
        {hasFeed
          ? 'Votre lien d’abonnement est actif. Un nouveau lien remplace l’ancien, qui cesse aussitôt de fonctionner.'
          : 'Abonnez votre calendrier (Outlook, Google Agenda, Apple Calendrier) à vos échéances, avec deux rappels : 7 jours et la veille.'}
      </p>
      <div className={styles.actions}>
        <button type="button" className={styles.button} onClick={create} aria-disabled={busy}>
          {hasFeed || url ? 'Créer un nouveau lien d’abonnement' : 'Créer mon lien d’abonnement'}
        </button>
      </div>
      <div role="status">
        {failed ? <p className={styles.error}>Le lien n’a pas pu être créé, merci de réessayer.</p> : null}
        {url ? (
          <p>
            <label htmlFor={fieldId}>Votre lien d’abonnement (gardez-le pour vous)</label>
            <input id={fieldId} type="text" readOnly value={url} className={styles.feedUrl} />
          </p>
        ) : null}
      </div>
    </div>
  );
}
