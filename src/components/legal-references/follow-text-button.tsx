'use client';

import { useEffect, useState } from 'react';
import { fetchTextFollowed, setTextFollowed } from '@/client/followed-texts';
import { useAccount } from '@/components/account/account-provider';
import styles from './legal-references.module.css';

/**
 * "Suivre ce texte": a logged-in reader's alert on a text (an e-mail in their digest when we publish about it);
 * a visitor without a session is offered the login first.
 */
export function FollowTextButton({ referenceKey, label }: { referenceKey: string; label: string }) {
  const { user, loaded, openAuth } = useAccount();
  const [followed, setFollowed] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!user) return;
    let current = true;
    fetchTextFollowed(referenceKey).then(
      (value) => {
        if (current) setFollowed(value);
      },
      () => {
        if (current) setFollowed(false);
      },
    );
    return () => {
      current = false;
    };
  }, [user, referenceKey]);

  if (!user) {
    return (
      <button
        type="button"
        className={styles.followButton}
        onClick={() => openAuth('login')}
        disabled={!loaded}
      >
        Suivre ce texte
      </button>
    );
  }
  if (followed === null) return null;

  const toggle = async () => {
    if (busy) return;
    setBusy(true);
    setFailed(false);
    try {
      setFollowed(await setTextFollowed(referenceKey, !followed));
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <span>
      <button
        type="button"
        onClick={toggle}
        aria-pressed={followed}
        aria-disabled={busy}
        aria-describedby="follow-text-status"
        className={styles.followButton}
      >
        Suivre ce texte
      </button>{' '}
      <span id="follow-text-status" role="status">
        {failed
          ? 'Le suivi n’a pas pu être enregistré, merci de réessayer.'
          : followed
            ? `Vous recevrez une alerte quand nous publierons sur ${label}.`
            : ''}
      </span>
    </span>
  );
}
