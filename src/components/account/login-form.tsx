'use client';

import { type FormEvent, useActionState, useCallback, useId, useRef, useState } from 'react';
import { type AuthActionState, loginAction } from '@/app/actions/account';
import { login, type User } from '@/client/accounts';
import { TextField } from '@/components/ui/text-field';
import { useValidatedForm } from '@/components/ui/use-validated-form';
import { capMessage, emailError, type LoginFields, requiredError } from '@/lib/validation';
import styles from './auth-modal.module.css';

export type LoginState = 'idle' | 'loading' | 'success' | 'error';

type LoginFormProps = {
  /** Called once logged in (not called without JavaScript, where the server action redirects instead). */
  onLoggedIn?: (user: User) => void;
  forgotPasswordUrl: string;
  autoFocus?: boolean;
};

const validateLoginField = (field: keyof LoginFields, values: LoginFields) =>
  requiredError(values[field]) ?? (field === 'email' ? emailError(values.email) : null);

/** 'Se connecter': e-mail and password; on success the modal closes, on error the server's message shows. */
export function LoginForm({ onLoggedIn, forgotPasswordUrl, autoFocus }: LoginFormProps) {
  const id = useId();
  const form = useValidatedForm<LoginFields>({ email: '', password: '' }, validateLoginField);
  const [state, setState] = useState<LoginState>('idle');
  const [message, setMessage] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  // Without JavaScript the form posts to the server action; its outcome comes back with the page.
  const [serverState, formAction] = useActionState<AuthActionState, FormData>(loginAction, {
    status: 'idle',
  });
  const shownMessage = state === 'idle' && serverState.status === 'error' ? serverState.message : message;
  const shownState = state === 'idle' && serverState.status === 'error' ? 'error' : state;

  const submit = useCallback(
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const invalid = form.checkAll();
      if (invalid.length > 0) {
        if (invalid[0]) form.focusField(formRef.current, invalid[0]);
        return;
      }
      setState('loading');
      setMessage('');
      try {
        const user = await login(form.values.email.trim(), form.values.password);
        setState('success');
        onLoggedIn?.(user);
      } catch (error) {
        setState('error');
        setMessage(error instanceof Error ? capMessage(error.message) : '');
      }
    },
    [form, onLoggedIn],
  );

  return (
    <section className={styles.half} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.heading}>
        Se connecter
      </h2>
      <p className={styles.intro}>Vous avez déjà un compte client de la boutique.</p>
      <form
        ref={formRef}
        onSubmit={submit}
        noValidate
        aria-describedby={shownMessage ? `${id}-message` : undefined}
      >
        {shownState === 'error' && shownMessage ? (
          <p id={`${id}-message`} className={styles.alert} role="alert">
            {shownMessage}
          </p>
        ) : null}
        <TextField
          {...form.bind('email')}
          label="Adresse e-mail"
          type="email"
          autoComplete="email"
          required
          autoFocus={autoFocus}
          value={form.values.email}
          onValueChange={(value) => form.setValue('email', value)}
        />
        <TextField
          {...form.bind('password')}
          label="Mot de passe"
          type="password"
          autoComplete="current-password"
          required
          value={form.values.password}
          onValueChange={(value) => form.setValue('password', value)}
        />
        <a className={styles.forgot} href={forgotPasswordUrl} target="_blank" rel="noopener">
          Mot de passe oublié ?<span className="visually-hidden"> (nouvel onglet)</span>
        </a>
        <button type="submit" className={styles.submit} disabled={state === 'loading'}>
          {state === 'loading' ? 'Connexion en cours...' : 'Se connecter'}
        </button>
      </form>
    </section>
  );
}
