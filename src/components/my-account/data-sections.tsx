import { PasswordField } from './account-fields';
import { AccountForm } from './account-form';
import { AccountSection, type SectionNotice } from './account-section';
import styles from './my-account.module.css';

/** "Télécharger mes données": everything held about the reader, as a JSON file. */
export function DataSection({ downloadPath, notice }: { downloadPath: string; notice: SectionNotice }) {
  return (
    <AccountSection id="donnees" title="Mes données" notice={notice}>
      <p className={styles.intro}>
        Un fichier JSON de tout ce que nous conservons sur vous : compte, newsletter, alertes, articles
        enregistrés, appareils connectés et liens envoyés par e-mail.
      </p>
      <a className={styles.button} href={downloadPath} download>
        Télécharger mes données
      </a>
    </AccountSection>
  );
}

type DeleteSectionProps = { action: (form: FormData) => Promise<void>; notice: SectionNotice };

/** "Supprimer mon compte": with the password again; personal data erased, the newsletter ended. */
export function DeleteSection({ action, notice }: DeleteSectionProps) {
  return (
    <AccountSection id="suppression" title="Supprimer mon compte" notice={notice}>
      <p className={styles.intro}>
        Votre compte, votre profil, vos alertes, vos articles enregistrés et votre inscription à la newsletter
        seront effacés définitivement, et vous serez déconnecté.
      </p>
      <AccountForm
        action={action}
        className={styles.form}
        submitLabel="Supprimer définitivement mon compte"
        danger
      >
        <PasswordField name="password" label="Mot de passe" autoComplete="current-password" />
      </AccountForm>
    </AccountSection>
  );
}
