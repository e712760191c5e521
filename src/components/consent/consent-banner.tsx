'use client';

import Link from 'next/link';
import { useEffect, useId, useRef, useState } from 'react';
import { readConsent, saveConsent } from '@/client/consent';
import { type ConsentChoice, uniformChoice } from '@/lib/consent';
import { PATHS } from '@/lib/constants';
import { EMBED_PROVIDERS } from '@/lib/embeds';
import styles from './consent-banner.module.css';

type ConsentBannerProps = {
  /** `banner`: the first question; `settings`: one choice per purpose (Personnaliser, or the footer's link). */
  initialView: 'banner' | 'settings';
  onClose: () => void;
};

/**
 * The consent banner (CNIL): "Tout refuser" is a button like "Tout accepter", side by side and as visible;
 * "Personnaliser" opens one choice per purpose. Not modal: the page stays usable, and nothing that needs consent
 * runs until a choice is made. It comes first in the page, so a keyboard reaches it at once.
 */
export function ConsentBanner({ initialView, onClose }: ConsentBannerProps) {
  const [view, setView] = useState(initialView);
  const [choice, setChoice] = useState<ConsentChoice>(() => readConsent() ?? uniformChoice(false));
  const titleRef = useRef<HTMLHeadingElement>(null);
  const id = useId();

  // The settings asked for by a click get the focus; the banner of a first visit does not take it.
  useEffect(() => {
    if (view === 'settings') titleRef.current?.focus();
  }, [view]);

  const decide = (next: ConsentChoice) => {
    saveConsent(next);
    onClose();
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape' && view === 'settings' && readConsent() !== null) onClose();
  };

  const toggle = (purpose: keyof ConsentChoice) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setChoice((current) => ({ ...current, [purpose]: event.target.checked }));

  return (
    <section
      className={styles.banner}
      role="dialog"
      aria-modal="false"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onKeyDown={onKeyDown}
    >
      <div className={`container ${styles.inner}`}>
        <h2 id={`${id}-title`} ref={titleRef} tabIndex={-1} className={styles.title}>
          {view === 'banner' ? 'Vos choix sur les cookies' : 'Paramètres des cookies'}
        </h2>
        <p id={`${id}-text`} className={styles.text}>
          Avec votre accord, nous mesurons l’audience du site pour l’améliorer, et des plateformes tierces
          affichent leurs contenus (podcasts, graphiques, messages X…) dans nos articles ; elles peuvent alors
          déposer des cookies. Votre choix est conservé 6 mois et vous pouvez le changer à tout moment par le
          lien « Paramètres des cookies » en bas de chaque page.{' '}
          {/* Shown to every first visitor: a prefetch would cost each one a render of the page and its script. */}
          <Link href={PATHS.privacy} prefetch={false}>
            En savoir plus sur vos données et les cookies
          </Link>
        </p>
        {view === 'settings' ? (
          <div className={styles.settings}>
            <p className={styles.necessary}>
              Cookies nécessaires, toujours actifs : votre session de connexion, votre panier et ce choix.
            </p>
            <div className={styles.choice}>
              <input
                id={`${id}-analytics`}
                type="checkbox"
                checked={choice.analytics}
                onChange={toggle('analytics')}
              />
              <label htmlFor={`${id}-analytics`}>Mesure d’audience (statistiques de visite)</label>
            </div>
            <fieldset className={styles.platforms}>
              <legend>Contenus de plateformes tierces dans les articles</legend>
              {EMBED_PROVIDERS.map((platform) => (
                <div key={platform.id} className={styles.choice}>
                  <input
                    id={`${id}-${platform.id}`}
                    type="checkbox"
                    checked={choice[platform.id]}
                    onChange={toggle(platform.id)}
                  />
                  <label htmlFor={`${id}-${platform.id}`}>
                    {platform.name} ({platform.content})
                  </label>
                </div>
              ))}
            </fieldset>
          </div>
        ) : null}
        <div className={styles.actions}>
          <button type="button" className={styles.button} onClick={() => decide(uniformChoice(false))}>
            Tout refuser
          </button>
          {view === 'banner' ? (
            <button type="button" className={styles.secondary} onClick={() => setView('settings')}>
              Personnaliser
            </button>
          ) : (
            <button type="button" className={styles.secondary} onClick={() => decide(choice)}>
              Enregistrer mes choix
            </button>
          )}
          <button type="button" className={styles.button} onClick={() => decide(uniformChoice(true))}>
            Tout accepter
          </button>
        </div>
      </div>
    </section>
  );
}
