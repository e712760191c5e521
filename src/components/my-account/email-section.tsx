import { EmailField, PasswordField } from './account-fields';
import { AccountForm } from './account-form';
import { AccountSection, type SectionNotice } from './account-section';
import styles from './my-account.module.css';

type EmailSectionProps = {
  email: string;
  confirmed: boolean;
  changeAction: (form: FormData) => Promise<void>;
  resendAction: (form: FormData) => Promise<void>;
  notice: SectionNotice;
};

/** The account's address, its confirmation, and a change of address confirmed at the new one. */
export function EmailSection({ email, confirmed, changeAction, resendAction, notice }: EmailSectionProps) {
  return (
    <AccountSection id="adresse" title="Adresse e-mail" notice={notice}>
      <p className={styles.intro}>
        Votre adresse : <strong>{email}</strong>{' '}
        {confirmed ? (
          <span className={styles.badge}>confirmée</span>
        ) : (
          <span className={styles.warning}>non confirmée</span>
        )}
      </p>
      {confirmed ? null : (
        <form action={resendAction} className={styles.inline}>
          <button type="submit" className={styles.secondary}>
            Renvoyer le lien de confirmation
          </button>
        </form>
      )}
      <AccountForm action={changeAction} className={styles.form} submitLabel="Changer d’adresse">
        <EmailField label="Nouvelle adresse e-mail" />
        <PasswordField name="password" label="Mot de passe actuel" autoComplete="current-password" />
        <p className={styles.hint}>
          Un lien de confirmation sera envoyé à la nouvelle adresse ; l’actuelle reste valable jusque-là.
        </p>
      </AccountForm>
    </AccountSection>
  );
}
