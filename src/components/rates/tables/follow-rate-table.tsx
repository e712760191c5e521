'use client';

import { useEffect, useState } from 'react';
import { fetchRateTableFollowed, setRateTableFollowed } from '@/client/rate-follows';
import { useAccount } from '@/components/account/account-provider';
import { PATHS } from '@/lib/constants';
import styles from './rate-tables.module.css';

/** "Suivre": an e-mail when a new version of the table is published; a link to log in for a visitor. */
export function FollowRateTable({ tableId }: { tableId: string }) {
  const { user } = useAccount();
  const [following, setFollowing] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!user) return;
    let current = true;
    fetchRateTableFollowed(tableId).then(
      (value) => current && setFollowing(value),
      () => current && setFollowing(false),
    );
    return () => {
      current = false;
    };
  }, [user, tableId]);

  if (!user) {
    return (
      <p className={styles.follow}>
        <a href={PATHS.login}>Connectez-vous</a> pour suivre ce tableau et être averti de ses nouvelles
        valeurs.
      </p>
    );
  }
  if (following === null) return null;

  const toggle = async () => {
    if (busy) return;
    setBusy(true);
    setFailed(false);
    try {
      setFollowing(await setRateTableFollowed(tableId, !following));
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.follow}>
      <button
        type="button"
        onClick={toggle}
        aria-pressed={following}
        aria-disabled={busy}
        className={styles.button}
      >
        {following ? 'Ne plus suivre' : 'Suivre'}
      </button>
      <span role="status">
        {failed
          ? 'Le suivi n’a pas pu être enregistré, merci de réessayer.'
          : following
            ? 'Vous recevrez un e-mail à chaque nouvelle version.'
            : ''}
      </span>
    </div>
  );
}
