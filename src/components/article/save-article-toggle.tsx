'use client';

import { useEffect, useState } from 'react';
import { fetchArticleSaved, setArticleSaved } from '@/client/saved-articles';
import { useAccount } from '@/components/account/account-provider';
import styles from './article.module.css';

/** "Enregistrer" for a logged-in reader: its state read from and written to /api/account/savedArticles. */
export function SaveArticleToggle({ articleId }: { articleId: string }) {
  const { user } = useAccount();
  const [saved, setSaved] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!user) return;
    let current = true;
    fetchArticleSaved(articleId).then(
      (value) => {
        if (current) setSaved(value);
      },
      () => {
        if (current) setSaved(false);
      },
    );
    return () => {
      current = false;
    };
  }, [user, articleId]);

  if (!user || saved === null) return null;

  // While a save is under way the button stays focusable (aria-disabled, not disabled): a keyboard reader keeps
  // their place, and a second press is ignored until the answer.
  const toggle = async () => {
    if (busy) return;
    setBusy(true);
    setFailed(false);
    try {
      setSaved(await setArticleSaved(articleId, !saved));
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.save}>
      <button
        type="button"
        onClick={toggle}
        aria-pressed={saved}
        aria-disabled={busy}
        className={styles.saveButton}
      >
        {saved ? 'Enregistré' : 'Enregistrer'}
      </button>
      <span role="status" className={styles.saveStatus}>
        {failed
          ? 'L’article n’a pas pu être enregistré, merci de réessayer.'
          : saved
            ? 'Retrouvez-le dans Mon compte.'
            : ''}
      </span>
    </div>
  );
}
