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
  /**
   * Where the focus goes when the modal closes, when it is still in the page; by default what had the focus when
   * the modal mounted (a field of the modal that focuses itself on opening is that, and is gone).
   */
  returnFocus?: () => HTMLElement | null;
  children: ReactNode;
};

/** The modal of ./modal.tsx on Radix Dialog, in its own chunk: loaded the first time a modal opens. */
export function ModalDialog({
  open,
  onOpenChange,
  title,
  hideTitle = false,
  size = 'normal',
  returnFocus,
  children,
}: ModalProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={`${styles.panel} ${size === 'wide' ? styles.wide : ''}`}
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            const target = returnFocus?.();
            if (!target?.isConnected) return;
            event.preventDefault();
            target.focus();
          }}
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
