'use client';

import { useAccount } from '@/components/account/account-provider';
import { GATED_PART_CLASS_NAME } from '@/lib/gated-part';
import styles from './article.module.css';

type Props = { enriched: boolean };

/** The prompt's anchor: the locked entries of the table of contents lead to it. */
export const PAYWALL_ANCHOR = 'reserve-aux-inscrits';

/**
 * What stands in place of the withheld content for a visitor without access: an invitation to register for free
 * or to log in, both in the account modal. The class names the gated part for the NewsArticle structured data.
 */
export function PaywallPrompt({ enriched }: Props) {
  const { openAuth } = useAccount();
  return (
    <aside
      id={PAYWALL_ANCHOR}
      tabIndex={-1}
      className={`${styles.paywall} ${GATED_PART_CLASS_NAME}`}
      aria-labelledby="paywall-titre"
    >
      <h2 id="paywall-titre" className={styles.paywallTitle}>
        {enriched
          ? 'La suite de cette actualité enrichie est réservée aux inscrits'
          : 'La suite de cet article est réservée aux inscrits'}
      </h2>
      <p>
        {enriched
          ? 'Inscrivez-vous gratuitement pour lire l’intégralité de nos actualités enrichies et recevoir la newsletter, ou connectez-vous avec votre compte client boutique.'
          : 'Inscrivez-vous gratuitement pour lire la suite de cet article et recevoir la newsletter, ou connectez-vous avec votre compte client boutique.'}
      </p>
      <p className={styles.paywallActions}>
        <button type="button" className={styles.primaryButton} onClick={() => openAuth('register')}>
          Créer un compte gratuitement
        </button>
        <button type="button" className={styles.secondaryButton} onClick={() => openAuth('login')}>
          Se connecter
        </button>
      </p>
    </aside>
  );
}
