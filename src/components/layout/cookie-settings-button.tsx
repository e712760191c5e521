'use client';

import { useId, useState } from 'react';
import { Modal } from '@/components/ui/modal';
import { ANALYTICS_OPT_OUT_COOKIE } from '@/lib/constants';
import styles from './cookie-settings.module.css';

/** A year, in seconds: the visitor's choice is kept that long. */
const CHOICE_TTL_SECONDS = 365 * 24 * 3600;

/** Whether the opt-out cookie is set. */
function analyticsRefused(): boolean {
  return document.cookie.split(';').some((part) => part.trim().split('=')[0] === ANALYTICS_OPT_OUT_COOKIE);
}

/** The footer's cookie settings: the visitor allows or refuses audience measurement (the disabledAnalytics cookie). */
export function CookieSettingsButton({ className }: { className?: string }) {
  const [open, setOpen] = useState(false);
  const [allowed, setAllowed] = useState(true);
  const id = useId();

  const save = () => {
    const secure = window.location.protocol === 'https:' ? '; Secure' : '';
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from some browsers we serve.
    document.cookie = allowed
      ? `${ANALYTICS_OPT_OUT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax${secure}`
      : `${ANALYTICS_OPT_OUT_COOKIE}=1; Max-Age=${CHOICE_TTL_SECONDS}; Path=/; SameSite=Lax${secure}`;
    setOpen(false);
    window.location.reload();
  };

  return (
    <>
      <button
        type="button"
        className={className}
        onClick={() => {
          setAllowed(!analyticsRefused());
          setOpen(true);
        }}
      >
        Paramètres des cookies
      </button>
      <Modal open={open} onOpenChange={setOpen} title="Paramètres des cookies">
        <p className={styles.text}>
          Nous mesurons l’audience du site pour l’améliorer. Vous pouvez refuser cette mesure à tout moment ;
          les cookies nécessaires au fonctionnement du site (session, panier) restent actifs.
        </p>
        <div className={styles.choice}>
          <input
            id={id}
            type="checkbox"
            checked={allowed}
            onChange={(event) => setAllowed(event.target.checked)}
          />
          <label htmlFor={id}>Autoriser la mesure d’audience</label>
        </div>
        <button type="button" className={styles.save} onClick={save}>
          Enregistrer mes choix
        </button>
      </Modal>
    </>
  );
}
