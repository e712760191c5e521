'use client';

import { type FormEvent, useEffect, useState } from 'react';
import { errorMessage } from '@/client/admin';
import { addReviewNote, listReviewNotes } from '@/client/newsroom/review';
import { REVIEW_NOTE_MAX_LENGTH, type ReviewNote } from '@/lib/contracts/review-newsroom';
import { formatLongDateTime } from '@/lib/dates';
import { TextAreaField } from '../fields';
import styles from '../newsroom.module.css';

const plural = (count: number, one: string, many: string) => `${count} ${count > 1 ? many : one}`;

/**
 * The editor's side panel of review notes: the thread of an article (author, Paris time, text), a note to add,
 * and for the article's author how many notes were new when the panel opened. Shown to editors on every
 * article and to a journalist on their own (the server refuses the others).
 */
export function ReviewNotesPanel({ articleId }: { articleId: string }) {
  const [notes, setNotes] = useState<ReviewNote[] | null>(null);
  const [unread, setUnread] = useState(0);
  const [text, setText] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    listReviewNotes(articleId, controller.signal).then(
      (answer) => {
        setNotes(answer.items);
        setUnread(answer.unread);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setFailure(errorMessage(error));
      },
    );
    return () => controller.abort();
  }, [articleId]);

  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!text.trim()) {
      setFailure('La note est vide.');
      return;
    }
    setSending(true);
    try {
      const note = await addReviewNote(articleId, { text });
      setNotes((current) => [...(current ?? []), note]);
      setText('');
      setFailure(null);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <section className={styles.panel} aria-labelledby="notes-relecture">
      <h2 id="notes-relecture">
        Notes de relecture
        {unread > 0 ? (
          <>
            {' '}
            <span className={styles.badge}>{plural(unread, 'nouvelle', 'nouvelles')}</span>
          </>
        ) : null}
      </h2>
      {notes === null ? (
        failure ? null : (
          <p className={styles.hint}>Chargement...</p>
        )
      ) : notes.length === 0 ? (
        <p className={styles.hint}>Aucune note pour l’instant.</p>
      ) : (
        <ol className={styles.notes} aria-label={plural(notes.length, 'note', 'notes')}>
          {notes.map((note) => (
            <li key={note.id}>
              <p className={styles.noteMeta}>
                <strong>{note.author?.name ?? 'Ancien membre de l’équipe'}</strong>,{' '}
                <time dateTime={note.createdAt}>le {formatLongDateTime(note.createdAt)}</time>
              </p>
              <p className={styles.noteText}>{note.text}</p>
            </li>
          ))}
        </ol>
      )}
      <form onSubmit={send} noValidate>
        <TextAreaField
          label="Nouvelle note"
          value={text}
          rows={3}
          maxLength={REVIEW_NOTE_MAX_LENGTH}
          onChange={(event) => setText(event.target.value)}
          error={failure ?? undefined}
          hint="Lue par l’auteur de l’article et par les éditeurs."
        />
        <button type="submit" className={styles.secondaryButton} disabled={sending}>
          Ajouter la note
        </button>
      </form>
    </section>
  );
}
