'use client';

import Link from 'next/link';
import { ARTICLE_STATUS_LABELS } from '@/lib/contracts/admin';
import { DeleteDraftButton } from '../article-bin/delete-draft';
import { hasUnpublishedChanges } from '../article-labels';
import { formatDateTime } from '../format';
import styles from '../newsroom.module.css';
import { previewPath, revisionsPath } from '../paths';
import type { SaveStatus } from './autosave-machine';
import { type ArticleState, fieldLabel } from './draft';
import type { WorkflowStep } from './use-autosave';
import { WorkflowActions } from './workflow-actions';

/** The editor's side panel: where the saves stand, the article's status, the save button and the workflow. */
export function PublicationPanel({
  article,
  status,
  notice,
  canEdit,
  onSave,
  own,
  missingAlt,
  runStep,
  publicationDate,
  title,
  onDelete,
}: {
  article: ArticleState | null;
  status: SaveStatus;
  notice: { text: string; error: boolean } | null;
  canEdit: boolean;
  onSave: () => void;
  own: boolean;
  missingAlt: string[];
  runStep: (label: string, step: WorkflowStep) => Promise<void>;
  publicationDate: string | null;
  title: string;
  /** Sends the draft to the bin; absent when the person may not. */
  onDelete: (() => void) | null;
}) {
  return (
    <section className={styles.panel} aria-labelledby="etat-article">
      <h2 id="etat-article">Publication</h2>
      <SaveStatusLine status={status} />
      {article ? (
        <p>
          <span className={styles.badge}>{ARTICLE_STATUS_LABELS[article.status]}</span> version{' '}
          {article.version}
          {article.status === 'scheduled' && article.scheduledAt ? (
            <>
              <br />
              Mise en ligne le {formatDateTime(article.scheduledAt)} (heure de Paris)
            </>
          ) : null}
          {hasUnpublishedChanges(article) ? (
            <>
              <br />
              Modifications non publiées (version en ligne : {article.publishedVersion})
            </>
          ) : null}
        </p>
      ) : (
        <p className={styles.hint}>Pas encore enregistré.</p>
      )}
      {notice ? (
        <p className={notice.error ? styles.alert : styles.notice} role={notice.error ? 'alert' : 'status'}>
          {notice.text}
        </p>
      ) : null}
      {canEdit ? (
        <button type="button" className={styles.primaryButton} onClick={onSave}>
          Enregistrer
        </button>
      ) : null}
      {article ? (
        <WorkflowActions
          state={article}
          own={own}
          missingAlt={missingAlt}
          runStep={runStep}
          publicationDate={publicationDate}
        />
      ) : null}
      {article ? (
        <ul>
          <li>
            <Link href={previewPath(article.id)}>Aperçu</Link>
          </li>
          <li>
            <Link href={revisionsPath(article.id)}>Révisions</Link>
          </li>
          {article.status === 'published' ? (
            <li>
              <a href={article.path}>Page publique</a>
            </li>
          ) : null}
        </ul>
      ) : null}
      {onDelete ? (
        <div className={styles.actions}>
          <DeleteDraftButton title={title} onConfirm={onDelete} />
        </div>
      ) : null}
    </section>
  );
}

function SaveStatusLine({ status }: { status: SaveStatus }) {
  const text = (() => {
    switch (status.kind) {
      case 'idle':
        return '';
      case 'saving':
        return 'Enregistrement...';
      case 'saved':
        return `Enregistré à ${formatDateTime(status.at).split(' ')[1] ?? ''}.`;
      case 'offline':
        return 'Serveur injoignable : vos modifications sont gardées dans ce navigateur et seront envoyées dès que possible.';
      case 'invalid':
        return `Non enregistré : ${status.message}${status.fields.length ? ` (${status.fields.map((item) => `${fieldLabel(item.field)} : ${item.message}`).join(' ; ')})` : ''}`;
      case 'error':
        return `Non enregistré : ${status.message} Vos modifications restent gardées dans ce navigateur.`;
    }
  })();
  const problem = status.kind === 'offline' || status.kind === 'invalid' || status.kind === 'error';
  return (
    <p className={problem ? styles.alert : styles.status} role="status" aria-live="polite">
      {text}
    </p>
  );
}
