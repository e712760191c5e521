import { TextField } from '@/components/ui/text-field';
import styles from './my-account.module.css';

/** The new password, the rule it must follow, and its confirmation: the reset page and Mon compte ask the same. */
export function NewPasswordFields({ confirmationLabel }: { confirmationLabel: string }) {
  return (
    <>
      <TextField
        name="password"
        label="Nouveau mot de passe"
        type="password"
        autoComplete="new-password"
        required
        error={null}
      />
      <p className={styles.hint}>
        8 caractères au moins, avec des minuscules, des majuscules, des chiffres et des caractères spéciaux.
      </p>
      <TextField
        name="confirmed"
        label={confirmationLabel}
        type="password"
        autoComplete="new-password"
        required
        error={null}
      />
    </>
  );
}
