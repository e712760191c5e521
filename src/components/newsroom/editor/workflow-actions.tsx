'use client';

import { useState } from 'react';
import { publishArticle, submitArticle, unpublishArticle } from '@/client/admin';
import { UPDATE_NOTE_MAX } from '@/lib/contracts/admin';
import { parisIsoDay } from '@/lib/dates';
import { hasUnpublishedChanges } from '../article-labels';
import { ConfirmButton } from '../buttons';
import { InputField, TextAreaField } from '../fields';
import { formatDateTime, fromParisInput, toParisInput } from '../format';
import styles from '../newsroom.module.css';
import { useStaff } from '../staff-shell';
import type { ArticleState } from './draft';
import type { WorkflowStep } from './use-autosave';

/** Why the update mark is not offered: the article page shows « mis à jour le » only on a later day. */
const SAME_DAY_UPDATE_NOTE =
  'Publié aujourd’hui : « mis à jour le » ne s’affiche qu’à partir du lendemain de la publication.';

/** True when the article was published on `now`'s day in Paris, when the page shows no update date. */
export function publishedToday(publicationDate: string | null, now: Date): boolean {
  return publicationDate !== null && parisIsoDay(new Date(publicationDate)) === parisIsoDay(now);
}

/** The workflow steps the role may take from the article's status: submit, publish (now or later), unpublish. */
export function WorkflowActions({
  state,
  own,
  missingAlt,
  runStep,
  publicationDate,
}: {
  state: ArticleState;
  own: boolean;
  missingAlt: string[];
  publicationDate: string | null;
  runStep: (label: string, step: WorkflowStep) => Promise<void>;
}) {
  const { can } = useStaff();
  const [at, setAt] = useState('');
  const [markUpdated, setMarkUpdated] = useState(false);
  const [updateNote, setUpdateNote] = useState('');
  const [scheduleError, setScheduleError] = useState<string | null>(null);
  const published = state.status === 'published';
  const updatedToday = publishedToday(publicationDate, new Date());
  const pendingUpdate = published && hasUnpublishedChanges(state);
  const canSubmit = state.status === 'draft' && (own || can('article.editAny'));
  const canPublish = can('article.publish') && (!published || pendingUpdate);

  return (
    <div>
      {canSubmit ? (
        <div className={styles.actions}>
          <button
            type="button"
            className={styles.secondaryButton}
            onClick={() =>
              runStep('Article soumis à la relecture.', (id, version) => submitArticle(id, version))
            }
          >
            Soumettre à la relecture
          </button>
        </div>
      ) : null}
      {canPublish ? (
        <>
          {missingAlt.length > 0 ? (
            <p className={styles.error}>
              Texte alternatif manquant avant publication : {missingAlt.join(', ')}.
            </p>
          ) : null}
          {published ? (
            <>
              <label className={styles.checkbox}>
                <input
                  type="checkbox"
                  checked={markUpdated && !updatedToday}
                  disabled={updatedToday}
                  aria-describedby={updatedToday ? 'mis-a-jour-meme-jour' : undefined}
                  onChange={(event) => setMarkUpdated(event.target.checked)}
                />
                Afficher « mis à jour le » (aujourd’hui)
              </label>
              {updatedToday ? (
                <p id="mis-a-jour-meme-jour" className={styles.hint}>
                  {SAME_DAY_UPDATE_NOTE}
                </p>
              ) : null}
            </>
          ) : null}
          {published && markUpdated ? (
            <TextAreaField
              label="Ce qui a changé (note publique, facultative)"
              hint="Montrée aux lecteurs sous les dates de l’article et envoyée à ceux qui l’ont enregistré."
              maxLength={UPDATE_NOTE_MAX}
              rows={3}
              value={updateNote}
              onChange={(event) => setUpdateNote(event.target.value)}
            />
          ) : null}
          <div className={styles.actions}>
            <button
              type="button"
              className={styles.primaryButton}
              onClick={() =>
                runStep(published ? 'Mise à jour publiée.' : 'Article publié.', (id, version) =>
                  publishArticle(id, {
                    version,
                    ...(published ? { markUpdated } : {}),
                    ...(published && markUpdated && updateNote.trim()
                      ? { updateNote: updateNote.trim() }
                      : {}),
                  }),
                )
              }
            >
              {published ? 'Publier la mise à jour' : 'Publier maintenant'}
            </button>
          </div>
          {!published ? (
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                const instant = fromParisInput(at);
                if (!instant || Date.parse(instant) <= Date.now()) {
                  setScheduleError('Choisissez une date et une heure à venir.');
                  return;
                }
                setScheduleError(null);
                void runStep(`Publication programmée le ${formatDateTime(instant)}.`, (id, version) =>
                  publishArticle(id, { version, at: instant }),
                );
              }}
            >
              <InputField
                label="Programmer pour le (heure de Paris)"
                type="datetime-local"
                value={at}
                min={toParisInput(new Date())}
                onChange={(event) => setAt(event.target.value)}
                error={scheduleError}
              />
              <button type="submit" className={styles.secondaryButton}>
                Programmer
              </button>
            </form>
          ) : null}
        </>
      ) : null}
      {can('article.unpublish') && (published || state.status === 'scheduled') ? (
        <div className={styles.actions}>
          <ConfirmButton
            question="Dépublier cet article ? Son adresse publique répondra « contenu retiré » (410)."
            onConfirm={() =>
              void runStep('Article dépublié.', (id, version) => unpublishArticle(id, version))
            }
          >
            Dépublier
          </ConfirmButton>
        </div>
      ) : null}
    </div>
  );
}
