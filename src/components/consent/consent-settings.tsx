'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { readConsent, saveConsent } from '@/client/consent';
import { type ConsentChoice, uniformChoice } from '@/lib/consent';
import { EMBED_PROVIDERS } from '@/lib/embeds';
import styles from './consent-banner.module.css';
import { ConsentText } from './consent-text';

type ConsentSettingsProps = {
  onClose: () => void;
};

/**
 * The consent settings (CNIL): one choice per purpose, opened by the notice's "Personnaliser" or the footer's
 * "Paramètres des cookies"; "Tout refuser" is a button like "Tout accepter", side by side and as visible. Not
 * modal: the page stays usable. Fetched on demand (ConsentManager); the first visit's question is ConsentNotice.
 */
export function ConsentSettings({ onClose }: ConsentSettingsProps) {
  const [choice, setChoice] = useState<ConsentChoice>(() => readConsent() ?? uniformChoice(false));
  const titleRef = useRef<HTMLHeadingElement>(null);
  const id = useId();

  // Opened by a click: the settings get the focus.
  useEffect(() => {
    titleRef.current?.focus();
  }, []);

  const decide = (next: ConsentChoice) => {
    saveConsent(next);
    onClose();
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape' && readConsent() !== null) onClose();
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
          Paramètres des cookies
        </h2>
        <ConsentText id={`${id}-text`} />
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
        <div className={styles.actions}>
          <button type="button" className={styles.button} onClick={() => decide(uniformChoice(false))}>
            Tout refuser
          </button>
          <button type="button" className={styles.secondary} onClick={() => decide(choice)}>
            Enregistrer mes choix
          </button>
          <button type="button" className={styles.button} onClick={() => decide(uniformChoice(true))}>
            Tout accepter
          </button>
        </div>
      </div>
    </section>
  );
}
