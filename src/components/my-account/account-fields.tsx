import { TextField } from '@/components/ui/text-field';
import styles from './my-account.module.css';

/** An address typed into a server-rendered account form (a reset link's request, a change of address). */
export function EmailField({ label }: { label: string }) {
  return (
    <TextField
      name="email"
      label={label}
      type="email"
      autoComplete="email"
      maxLength={254}
      required
      error={null}
    />
  );
}

type PasswordFieldProps = {
  name: string;
  label: string;
  /** Tells the browser's password manager to fill the saved password or to offer a new one. */
  autoComplete: 'current-password' | 'new-password';
};

/** A password typed into a server-rendered account form. */
export function PasswordField({ name, label, autoComplete }: PasswordFieldProps) {
  return (
    <TextField name={name} label={label} type="password" autoComplete={autoComplete} required error={null} />
  );
}

/** The new password, the rule it must follow, and its confirmation: the reset page and Mon compte ask the same. */
export function NewPasswordFields({ confirmationLabel }: { confirmationLabel: string }) {
  return (
    <>
      <PasswordField name="password" label="Nouveau mot de passe" autoComplete="new-password" />
      <p className={styles.hint}>
        8 caractères au moins, avec des minuscules, des majuscules, des chiffres et des caractères spéciaux.
      </p>
      <PasswordField name="confirmed" label={confirmationLabel} autoComplete="new-password" />
    </>
  );
}
