'use client';

import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import styles from './modal.module.css';

export type ModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dialog's accessible name, shown as its heading unless `hideTitle`. */
  title: string;
  hideTitle?: boolean;
  /** 'wide' for two-column content such as the login and registration modal. */
  size?: 'normal' | 'wide';
  children: ReactNode;
};

/** The modal of ./modal.tsx on Radix Dialog, in its own chunk: loaded the first time a modal opens. */
export function ModalDialog({
  open,
  onOpenChange,
  title,
  hideTitle = false,
  size = 'normal',
  children,
}: ModalProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={`${styles.panel} ${size === 'wide' ? styles.wide : ''}`}
          aria-describedby={undefined}
        >
          <Dialog.Title className={hideTitle ? 'visually-hidden' : styles.title}>{title}</Dialog.Title>
          {children}
          <Dialog.Close className={styles.close} aria-label="Fermer">
            <span aria-hidden="true">×</span>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
