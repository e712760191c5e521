import { NewPasswordFields, PasswordField } from './account-fields';
import { AccountForm } from './account-form';
import { AccountSection, type SectionNotice } from './account-section';
import styles from './my-account.module.css';

type PasswordSectionProps = { action: (form: FormData) => Promise<void>; notice: SectionNotice };

/** The password, changed with the current one; the reader's other devices are logged out. */
export function PasswordSection({ action, notice }: PasswordSectionProps) {
  return (
    <AccountSection id="mot-de-passe" title="Mot de passe" notice={notice}>
      <AccountForm action={action} className={styles.form} submitLabel="Changer mon mot de passe">
        <PasswordField name="current" label="Mot de passe actuel" autoComplete="current-password" />
        <NewPasswordFields confirmationLabel="Confirmation du nouveau mot de passe" />
        <p className={styles.hint}>Vos autres appareils seront déconnectés.</p>
      </AccountForm>
    </AccountSection>
  );
}
