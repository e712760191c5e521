'use client';

import { Fragment } from 'react';
import { Modal } from '@/components/ui/modal';
import styles from '../newsroom.module.css';
import { EDITOR_SHORTCUTS } from './keyboard-shortcuts';

/** The list of the editor's keyboard shortcuts, in a modal dialog (focus kept inside, Échap closes it). */
export function ShortcutsHelp({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <>
      <button type="button" className={styles.secondaryButton} onClick={() => onOpenChange(true)}>
        Raccourcis clavier
      </button>
      <Modal open={open} onOpenChange={onOpenChange} title="Raccourcis clavier">
        <p>Ctrl correspond à la touche ⌘ (Cmd) sur Mac.</p>
        <dl className={styles.shortcuts}>
          {EDITOR_SHORTCUTS.map(({ shortcut, keys, label }) => (
            <Fragment key={shortcut}>
              <dt>
                {keys.map((key, index) => (
                  <Fragment key={key}>
                    {index > 0 ? ' + ' : null}
                    <kbd>{key}</kbd>
                  </Fragment>
                ))}
              </dt>
              <dd>{label}</dd>
            </Fragment>
          ))}
        </dl>
      </Modal>
    </>
  );
}
