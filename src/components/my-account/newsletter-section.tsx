import { AccountSection, type SectionNotice } from './account-section';
import styles from './my-account.module.css';

type NewsletterSectionProps = {
  /** Whether the address gets the newsletter; null while the address is not confirmed (nothing is shown). */
  subscribed: boolean | null;
  action: (form: FormData) => Promise<void>;
  notice: SectionNotice;
};

/**
 * The newsletter of the account's address: subscribe or stop at once once the address is confirmed; before, its
 * state is not shown and each choice is confirmed by a link e-mailed to the address.
 */
export function NewsletterSection({ subscribed, action, notice }: NewsletterSectionProps) {
  if (subscribed === null) {
    return (
      <AccountSection id="newsletter" title="Newsletter" notice={notice}>
        <p className={styles.intro}>
          Votre adresse e-mail n’est pas encore confirmée : votre abonnement à la newsletter La Quotidienne
          s’affichera ici une fois l’adresse confirmée. D’ici là, chaque demande est confirmée par un lien
          envoyé à cette adresse.
        </p>
        <div className={styles.actions}>
          <form action={action}>
            <input type="hidden" name="subscribe" value="1" />
            <button type="submit" className={styles.button}>
              Recevoir la newsletter
            </button>
          </form>
          <form action={action}>
            <input type="hidden" name="subscribe" value="0" />
            <button type="submit" className={styles.secondary}>
              Ne plus recevoir la newsletter
            </button>
          </form>
        </div>
      </AccountSection>
    );
  }
  return (
    <AccountSection id="newsletter" title="Newsletter" notice={notice}>
      <p className={styles.intro}>
        {subscribed
          ? 'Vous recevez la newsletter La Quotidienne chaque jour ouvré.'
          : 'Vous ne recevez pas la newsletter La Quotidienne.'}
      </p>
      <form action={action}>
        <input type="hidden" name="subscribe" value={subscribed ? '0' : '1'} />
        <button type="submit" className={subscribed ? styles.secondary : styles.button}>
          {subscribed ? 'Ne plus recevoir la newsletter' : 'Recevoir la newsletter'}
        </button>
      </form>
    </AccountSection>
  );
}
