import styles from './article.module.css';
import { GATED_PART_CLASS_NAME } from './gated-part';

type Props = { enriched: boolean };

/**
 * What stands in place of the withheld content for a visitor without access: an invitation to register for free
 * or to log in. The class names the gated part for the NewsArticle structured data (hasPart).
 */
export function PaywallPrompt({ enriched }: Props) {
  return (
    <aside className={`${styles.paywall} ${GATED_PART_CLASS_NAME}`} aria-labelledby="paywall-titre">
      <h2 id="paywall-titre" className={styles.paywallTitle}>
        {enriched
          ? 'La suite de cette actualité enrichie est réservée aux inscrits'
          : 'La suite de cet article est réservée aux inscrits'}
      </h2>
      <p>
        Inscrivez-vous gratuitement pour lire l’intégralité de nos actualités enrichies et recevoir la
        newsletter, ou connectez-vous avec votre compte client boutique.
      </p>
      <p className={styles.paywallActions}>
        <a className={styles.primaryButton} href="?inscription=1#connexion" data-account-action="register">
          Créer un compte gratuitement
        </a>
        <a className={styles.secondaryButton} href="?connexion=1#connexion" data-account-action="login">
          Se connecter
        </a>
      </p>
    </aside>
  );
}
