'use client';

import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import {
  getWebFormFields,
  login,
  submitRegistration,
  type User,
  type WebFormDefinition,
} from '@/client/accounts';
import { subscribeNewsletter } from '@/client/newsletter';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { useValidatedForm } from '@/components/ui/use-validated-form';
import {
  capMessage,
  confirmationError,
  emailError,
  isValidEmail,
  passwordError,
  requiredError,
  WEB_FORM_ERROR_MESSAGE,
} from '@/lib/validation';
import styles from './auth-modal.module.css';

export type RegistrationState = 'idle' | 'submitting' | 'success' | 'error';

type RegistrationFormProps = {
  /** Called once logged in (not called without JavaScript, where the server action redirects instead). */
  onLoggedIn?: (user: User) => void;
  /** The server action the form posts to without JavaScript. */
  action?: (form: FormData) => Promise<void>;
  autoFocus?: boolean;
  /** The form's definition when the caller has it already (tests); otherwise it is fetched. */
  definition?: WebFormDefinition;
};

type Values = {
  civility: string;
  lastname: string;
  firstname: string;
  email: string;
  password: string;
  confirmed: string;
  function: string;
  optin: boolean;
};

const INITIAL: Values = {
  civility: '',
  lastname: '',
  firstname: '',
  email: '',
  password: '',
  confirmed: '',
  function: '',
  optin: false,
};

/** Checks of spec section 5: every field but optin is required. */
function validateField(field: keyof Values, values: Values): string | null {
  if (field === 'optin') return null;
  const required = requiredError(values[field]);
  if (required) return required;
  if (field === 'email') return emailError(values.email);
  if (field === 'password') return passwordError(values.password);
  if (field === 'confirmed') return confirmationError(values.password, values.confirmed);
  return null;
}

/**
 * 'Créer un compte': the registration web form. While it is sent the buttons are disabled and read
 * 'connexion...'; on success the reader is logged in and the modal closes; an error shows its message. A
 * reader who ticks the newsletter box with a valid e-mail is subscribed first (isSubscribing true).
 */
export function RegistrationForm({
  onLoggedIn,
  autoFocus,
  definition: given,
  action,
}: RegistrationFormProps) {
  const id = useId();
  const form = useValidatedForm<Values>(INITIAL, validateField);
  const [definition, setDefinition] = useState<WebFormDefinition | null>(given ?? null);
  const [state, setState] = useState<RegistrationState>('idle');
  const [message, setMessage] = useState('');
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (given) return;
    let cancelled = false;
    getWebFormFields()
      .then((loaded) => {
        if (!cancelled) setDefinition(loaded);
      })
      .catch(() => {
        if (!cancelled) {
          setState('error');
          setMessage(WEB_FORM_ERROR_MESSAGE);
        }
      });
    return () => {
      cancelled = true;
    };
  }, [given]);

  const submit = useCallback(
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const invalid = form.checkAll();
      if (invalid.length > 0) {
        if (invalid[0]) form.focusField(formRef.current, invalid[0]);
        return;
      }
      const values = form.values;
      setState('submitting');
      setMessage('');
      try {
        if (values.optin && isValidEmail(values.email)) await subscribeNewsletter(values.email);
        await submitRegistration({ ...values, email: values.email.trim() });
        setState('success');
        const user = await login(values.email.trim(), values.password.trim());
        onLoggedIn?.(user);
      } catch (error) {
        setState('error');
        setMessage(
          capMessage(error instanceof Error && error.message ? error.message : WEB_FORM_ERROR_MESSAGE),
        );
      }
    },
    [form, onLoggedIn],
  );

  const busy = state === 'submitting';
  const text = (field: 'lastname' | 'firstname' | 'email' | 'password' | 'confirmed') => ({
    ...form.bind(field),
    value: form.values[field],
    onValueChange: (value: string) => form.setValue(field, value),
    required: true,
  });

  return (
    <section className={styles.half} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.heading}>
        Créer un compte
      </h2>
      <p className={styles.intro}>
        Inscrivez-vous gratuitement pour lire les actualités enrichies et recevoir la newsletter.
      </p>
      <form ref={formRef} action={action} onSubmit={submit} noValidate aria-busy={busy}>
        {state === 'error' && message ? (
          <p className={styles.alert} role="alert">
            {message}
          </p>
        ) : null}
        {state === 'success' ? (
          <p className={styles.success} role="status">
            Votre compte a bien été créé.
          </p>
        ) : null}
        <p className={styles.required}>Les champs marqués d’un astérisque (*) sont obligatoires.</p>
        <SelectField
          {...form.bind('civility')}
          label="Civilité"
          required
          autoFocus={autoFocus}
          placeholder={definition ? 'Choisir' : 'Chargement...'}
          value={form.values.civility}
          onValueChange={(value) => form.setValue('civility', value)}
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
          {...form.bind('function')}
          label="Fonction"
          required
          placeholder={definition ? 'Choisir votre fonction' : 'Chargement...'}
          value={form.values.function}
          onValueChange={(value) => form.setValue('function', value)}
          choices={definition?.functions ?? []}
        />
        <div className={styles.checkbox}>
          <input
            id={`${id}-optin`}
            type="checkbox"
            name="optin"
            checked={form.values.optin}
            onChange={(event) => form.setValue('optin', event.target.checked)}
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
