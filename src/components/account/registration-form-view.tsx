import { type FormEventHandler, type Ref, useId } from 'react';
import type { WebFormDefinition } from '@/client/accounts';
import { SelectField } from '@/components/ui/select-field';
import { type FieldBinding, TextField } from '@/components/ui/text-field';
import styles from './auth-modal.module.css';

type TextFieldName = 'lastname' | 'firstname' | 'email' | 'password' | 'confirmed';

export type RegistrationFormViewProps = {
  /** The form's definition; null while the client form fetches it. */
  definition: WebFormDefinition | null;
  /** The server action the form posts to without JavaScript. */
  action?: (form: FormData) => Promise<void>;
  /** Without JavaScript: the page to go back to once logged in (the action's `retour` field). */
  returnPath?: string;
  /** The checks and the calls of the client form (RegistrationForm). */
  onSubmit?: FormEventHandler<HTMLFormElement>;
  formRef?: Ref<HTMLFormElement>;
  fields: Record<TextFieldName | 'civility' | 'function', FieldBinding>;
  /** The newsletter box, controlled by the client form. */
  optin?: { checked: boolean; onCheckedChange: (checked: boolean) => void };
  /** The server's refusal, shown above the fields. */
  error?: string;
  busy?: boolean;
  success?: boolean;
  autoFocus?: boolean;
};

/**
 * The markup of 'Créer un compte', without state: the modal's client form (RegistrationForm) drives it, and the
 * server renders it as is for browsers without JavaScript (AuthFallback), so that fallback ships no script.
 */
export function RegistrationFormView({
  definition,
  action,
  returnPath,
  onSubmit,
  formRef,
  fields,
  optin,
  error,
  busy = false,
  success = false,
  autoFocus,
}: RegistrationFormViewProps) {
  const id = useId();
  const text = (name: TextFieldName) => ({ ...fields[name], required: true });
  return (
    <section className={styles.half} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.heading}>
        Créer un compte
      </h2>
      <p className={styles.intro}>
        Inscrivez-vous gratuitement pour lire les actualités enrichies et recevoir la newsletter.
      </p>
      <form ref={formRef} action={action} onSubmit={onSubmit} noValidate aria-busy={busy}>
        {returnPath !== undefined ? <input type="hidden" name="retour" value={returnPath} /> : null}
        {error ? (
          <p className={styles.alert} role="alert">
            {error}
          </p>
        ) : null}
        {success ? (
          <p className={styles.success} role="status">
            Votre compte a bien été créé.
          </p>
        ) : null}
        <p className={styles.required}>Les champs marqués d’un astérisque (*) sont obligatoires.</p>
        <SelectField
          {...fields.civility}
          label="Civilité"
          required
          autoFocus={autoFocus}
          placeholder={definition ? 'Choisir' : 'Chargement...'}
          choices={(definition?.civilities ?? []).map((civility) => ({
            value: String(civility.value),
            label: civility.label,
          }))}
        />
        <div className={styles.row}>
          <TextField {...text('lastname')} label="Nom" autoComplete="family-name" />
          <TextField {...text('firstname')} label="Prénom" autoComplete="given-name" />
        </div>
        <TextField {...text('email')} label="Adresse e-mail" type="email" autoComplete="email" />
        <div className={styles.row}>
          <TextField {...text('password')} label="Mot de passe" type="password" autoComplete="new-password" />
          <TextField
            {...text('confirmed')}
            label="Confirmation du mot de passe"
            type="password"
            autoComplete="new-password"
          />
        </div>
        <SelectField
          {...fields.function}
          label="Fonction"
          required
          placeholder={definition ? 'Choisir votre fonction' : 'Chargement...'}
          choices={definition?.functions ?? []}
        />
        <div className={styles.checkbox}>
          <input
            id={`${id}-optin`}
            type="checkbox"
            name="optin"
            checked={optin?.checked}
            onChange={optin ? (event) => optin.onCheckedChange(event.target.checked) : undefined}
          />
          <label htmlFor={`${id}-optin`}>
            {definition?.optinComment ?? 'Je souhaite recevoir gratuitement la newsletter par e-mail.'}
          </label>
        </div>
        <button type="submit" className={styles.submit} disabled={busy}>
          {busy ? 'connexion...' : 'Créer mon compte'}
        </button>
      </form>
    </section>
  );
}
