import { TextField } from '@/components/ui/text-field';
import { AccountSection, type SectionNotice } from './account-section';
import styles from './my-account.module.css';
import { NewPasswordFields } from './new-password-fields';

type PasswordSectionProps = { action: (form: FormData) => Promise<void>; notice: SectionNotice };

/** The password, changed with the current one; the reader's other devices are logged out. */
export function PasswordSection({ action, notice }: PasswordSectionProps) {
  return (
    <AccountSection id="mot-de-passe" title="Mot de passe" notice={notice}>
      <form action={action} className={styles.form}>
        <TextField
          name="current"
          label="Mot de passe actuel"
          type="password"
          autoComplete="current-password"
          required
          error={null}
        />
        <NewPasswordFields confirmationLabel="Confirmation du nouveau mot de passe" />
        <p className={styles.hint}>Vos autres appareils seront déconnectés.</p>
        <button type="submit" className={styles.button}>
          Changer mon mot de passe
        </button>
      </form>
    </AccountSection>
  );
}
