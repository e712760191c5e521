'use client';

import { type FormEvent, useCallback, useId, useRef, useState } from 'react';
import { login, type User } from '@/client/accounts';
import { TextField } from '@/components/ui/text-field';
import { useValidatedForm } from '@/components/ui/use-validated-form';
import { capMessage, emailError, type LoginFields, requiredError } from '@/lib/validation';
import styles from './auth-modal.module.css';

export type LoginState = 'idle' | 'loading' | 'success' | 'error';

type LoginFormProps = {
  /** Called once logged in (not called without JavaScript, where the server action redirects instead). */
  onLoggedIn?: (user: User) => void;
  /** The server action the form posts to without JavaScript. */
  action?: (form: FormData) => Promise<void>;
  forgotPasswordUrl: string;
  autoFocus?: boolean;
};

const validateLoginField = (field: keyof LoginFields, values: LoginFields) =>
  requiredError(values[field]) ?? (field === 'email' ? emailError(values.email) : null);

/** 'Se connecter': e-mail and password; on success the modal closes, on error the server's message shows. */
export function LoginForm({ onLoggedIn, forgotPasswordUrl, autoFocus, action }: LoginFormProps) {
  const id = useId();
  const form = useValidatedForm<LoginFields>({ email: '', password: '' }, validateLoginField);
  const [state, setState] = useState<LoginState>('idle');
  const [message, setMessage] = useState('');
  const formRef = useRef<HTMLFormElement>(null);

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
        action={action}
        onSubmit={submit}
        noValidate
        aria-describedby={message ? `${id}-message` : undefined}
      >
        {state === 'error' && message ? (
          <p id={`${id}-message`} className={styles.alert} role="alert">
            {message}
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
