'use client';

import Link from 'next/link';
import type { ArticleConflictAnswer } from '@/lib/contracts/admin';
import { formatDateTime } from '../format';
import styles from '../newsroom.module.css';
import { revisionsPath } from '../paths';
import { fieldLabel } from './draft';
import type { LocalDraft } from './local-drafts';

/** A save refused because someone else saved first: who, what they changed, and the author's two choices. */
export function ConflictPanel({
  conflict,
  baseVersion,
  onResolve,
}: {
  conflict: ArticleConflictAnswer;
  baseVersion: number | null;
  onResolve: (keep: 'theirs' | 'mine') => void;
}) {
  const who = conflict.changedBy.map((person) => person.name).join(', ') || 'quelqu’un d’autre';
  const { current } = conflict;
  return (
    <div className={styles.alert} role="alert">
      <p>
        <strong>Enregistrement refusé :</strong> {who} a modifié cet article pendant que vous écriviez
        (version {current.version}, le {formatDateTime(current.updatedAt)}). Rien n’a été écrasé ; vos
        modifications sont gardées dans ce navigateur.
      </p>
      {conflict.changedFields.length > 0 ? (
        <p>Champs modifiés de leur côté : {conflict.changedFields.map(fieldLabel).join(', ')}.</p>
      ) : null}
      {conflict.changedFields.includes('title') ? <p>Leur titre : « {current.article.title} »</p> : null}
      <div className={styles.actions}>
        {baseVersion !== null ? (
          <Link
            href={`${revisionsPath(current.id)}?de=${baseVersion}&a=${current.version}`}
            className={styles.secondaryButton}
            target="_blank"
          >
            Voir leurs changements
          </Link>
        ) : null}
        <button type="button" className={styles.secondaryButton} onClick={() => onResolve('theirs')}>
          Reprendre leur version (abandonner mes modifications)
        </button>
        <button type="button" className={styles.primaryButton} onClick={() => onResolve('mine')}>
          Enregistrer ma version par-dessus
        </button>
      </div>
    </div>
  );
}

/** Unsent edits of this browser made before the server's version changed: resumed or dropped by choice. */
export function RecoveredEditsNotice({
  recovered,
  onResume,
  onDrop,
}: {
  recovered: LocalDraft;
  onResume: () => void;
  onDrop: () => void;
}) {
  return (
    <div className={styles.notice} role="status">
      <p>
        Des modifications faites dans ce navigateur le {formatDateTime(recovered.savedAt)} n’ont pas été
        enregistrées, et l’article a changé depuis sur le serveur.
      </p>
      <div className={styles.actions}>
        <button type="button" className={styles.primaryButton} onClick={onResume}>
          Reprendre mes modifications
        </button>
        <button type="button" className={styles.secondaryButton} onClick={onDrop}>
          Les abandonner
        </button>
      </div>
    </div>
  );
}
