import { AccountSection, type SectionNotice } from './account-section';
import styles from './my-account.module.css';

type NewsletterSectionProps = {
  subscribed: boolean;
  action: (form: FormData) => Promise<void>;
  notice: SectionNotice;
};

/** The newsletter of the account's address: subscribe (confirmed by e-mail if the address is not yet) or stop. */
export function NewsletterSection({ subscribed, action, notice }: NewsletterSectionProps) {
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
