'use client';

import type { Editor } from '@tiptap/react';
import { type FormEvent, useState } from 'react';
import type { MediaAnswer } from '@/lib/contracts/admin';
import { InputField } from '../fields';
import { ErrorAlert } from '../messages';
import styles from '../newsroom.module.css';
import { MediaThumbnail } from './media-browser';
import { MediaPickerDialog } from './media-picker-dialog';

/**
 * The body editor's image tool: an image chosen in the media library, then its alt text (required, the library's
 * proposed) and caption, inserted as a figure where the cursor is.
 */
export function FigurePanel({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const [chosen, setChosen] = useState<MediaAnswer | null>(null);
  const [picking, setPicking] = useState(true);
  const [error, setError] = useState<string | null>(null);

  const insert = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!chosen) return;
    const form = new FormData(event.currentTarget);
    const alt = String(form.get('alt') ?? '').trim();
    if (!alt) {
      setError('Le texte alternatif est obligatoire : décrivez ce que l’image montre.');
      return;
    }
    const inserted = editor
      .chain()
      .focus()
      .insertFigure({
        src: chosen.url,
        alt,
        caption: String(form.get('caption') ?? ''),
        width: chosen.width,
        height: chosen.height,
      })
      .run();
    if (inserted) onDone();
    else setError('Cette image ne peut pas être insérée ici.');
  };

  return (
    <div className={styles.panel}>
      {picking ? (
        <MediaPickerDialog
          title="Insérer une image de la médiathèque"
          onChoose={(media) => {
            setChosen(media);
            setError(null);
          }}
          onClose={() => setPicking(false)}
        />
      ) : null}
      {chosen ? (
        <form onSubmit={insert} aria-label="Image à insérer">
          <div className={styles.imageRow}>
            <MediaThumbnail media={chosen} />
            <div>
              <p>{chosen.name}</p>
              <InputField
                label="Texte alternatif"
                name="alt"
                required
                maxLength={500}
                defaultValue={chosen.alt ?? ''}
                hint="Obligatoire : ce que l’image montre, pour qui ne la voit pas."
                error={error}
              />
              <InputField
                label="Légende"
                name="caption"
                maxLength={500}
                defaultValue={chosen.caption ?? ''}
              />
            </div>
          </div>
          <div className={styles.actions}>
            <button type="submit" className={styles.primaryButton}>
              Insérer l’image
            </button>
            <button type="button" className={styles.secondaryButton} onClick={() => setPicking(true)}>
              Choisir une autre image
            </button>
            <button type="button" className={styles.secondaryButton} onClick={onDone}>
              Annuler
            </button>
          </div>
        </form>
      ) : picking ? null : (
        <>
          <ErrorAlert message={error} />
          <div className={styles.actions}>
            <button type="button" className={styles.primaryButton} onClick={() => setPicking(true)}>
              Choisir une image
            </button>
            <button type="button" className={styles.secondaryButton} onClick={onDone}>
              Annuler
            </button>
          </div>
        </>
      )}
    </div>
  );
}
