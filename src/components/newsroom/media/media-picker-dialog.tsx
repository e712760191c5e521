'use client';

import { useEffect, useId, useRef } from 'react';
import type { MediaAnswer } from '@/lib/contracts/admin';
import styles from '../newsroom.module.css';
import { MediaBrowser } from './media-browser';

/**
 * The media library's images in a modal dialog (the browser's own: focus kept inside, Escape closes, focus back
 * on the opener): choosing one hands it to `onChoose` and closes.
 */
export function MediaPickerDialog({
  title,
  onChoose,
  onClose,
}: {
  title: string;
  onChoose: (media: MediaAnswer) => void;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  return (
    <dialog ref={dialog} className={styles.mediaDialog} aria-labelledby={titleId} onClose={onClose}>
      <div className={styles.mediaDialogHeader}>
        <h2 id={titleId}>{title}</h2>
        <button type="button" className={styles.secondaryButton} onClick={() => dialog.current?.close()}>
          Fermer
        </button>
      </div>
      <MediaBrowser
        kind="image"
        chooseLabel="Choisir"
        onChoose={(media) => {
          onChoose(media);
          dialog.current?.close();
        }}
      />
    </dialog>
  );
}
