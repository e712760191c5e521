'use client';

import { type FormEvent, useCallback, useRef, useState } from 'react';
import { login, type User } from '@/client/accounts';
import { useValidatedForm } from '@/components/ui/use-validated-form';
import type { LoginForm as LoginFields } from '@/lib/contracts/accounts';
import { capMessage } from '@/lib/validation';
import { LoginFormView } from './login-form-view';

/** The form's schema, loaded when a field first gets the focus (see `useValidatedForm`). */
const loginForm = async () => (await import('@/lib/contracts/accounts')).loginForm;

export type LoginState = 'idle' | 'loading' | 'success' | 'error';

type LoginFormProps = {
  /** Called once logged in. */
  onLoggedIn?: (user: User) => void;
  forgotPasswordUrl: string;
  autoFocus?: boolean;
};

/** 'Se connecter': e-mail and password; on success the modal closes, on error the server's message shows. */
export function LoginForm({ onLoggedIn, forgotPasswordUrl, autoFocus }: LoginFormProps) {
  const form = useValidatedForm<LoginFields>({ email: '', password: '' }, loginForm);
  const [state, setState] = useState<LoginState>('idle');
  const [message, setMessage] = useState('');
  const formRef = useRef<HTMLFormElement>(null);

  const submit = useCallback(
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (!(await form.checkBeforeSubmit(formRef.current))) return;
      setState('loading');
      setMessage('');
      try {
        const remember = formRef.current ? new FormData(formRef.current).get('remember') === 'on' : false;
        const user = await login(form.values.email.trim(), form.values.password, remember);
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
    <LoginFormView
      forgotPasswordUrl={forgotPasswordUrl}
      onSubmit={submit}
      formRef={formRef}
      fields={{ email: form.bind('email'), password: form.bind('password') }}
      error={state === 'error' && message ? message : undefined}
      loading={state === 'loading'}
      autoFocus={autoFocus}
    />
  );
}
