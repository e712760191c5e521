'use client';

import { type ReactNode, useState } from 'react';
import { Modal } from '@/components/ui/modal';
import styles from './search.module.css';

type Props = { href: string; title: string; children: ReactNode };

/**
 * The title link of a subscriber-only document. It opens a modal explaining that the document lives in the
 * subscriber product, with the way there; without JavaScript the link leads there directly.
 */
export function SubscriberDocumentLink({ href, title, children }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <a
        href={href}
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
      >
        {children}
      </a>
      <Modal open={open} onOpenChange={setOpen} title="Document réservé aux abonnés">
        <p>
          « {title} » fait partie de nos fonds documentaires. Il s’ouvre dans votre produit abonné, dans un
          nouvel onglet.
        </p>
        <p className={styles.modalActions}>
          <a href={href} target="_blank" rel="noopener noreferrer" className={styles.primaryButton}>
            Ouvrir le document dans mon espace abonné
            <span className="visually-hidden"> (nouvel onglet)</span>
          </a>
        </p>
      </Modal>
    </>
  );
}
