'use client';

import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import {
  getWebFormFields,
  login,
  submitRegistration,
  type User,
  type WebFormDefinition,
} from '@/client/accounts';
import { subscribeNewsletter } from '@/client/newsletter';
import { useValidatedForm } from '@/components/ui/use-validated-form';
import type { RegistrationForm as Values } from '@/lib/contracts/accounts';
import { capMessage, isValidEmail, WEB_FORM_ERROR_MESSAGE } from '@/lib/validation';
import { RegistrationFormView } from './registration-form-view';

/** The form's schema, loaded when a field first gets the focus (see `useValidatedForm`). */
const registrationForm = async () => (await import('@/lib/contracts/accounts')).registrationForm;

export type RegistrationState = 'idle' | 'submitting' | 'success' | 'error';

type RegistrationFormProps = {
  /** Called once logged in. */
  onLoggedIn?: (user: User) => void;
  autoFocus?: boolean;
  /** The form's definition when the caller has it already (tests); otherwise it is fetched. */
  definition?: WebFormDefinition;
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

/**
 * 'Créer un compte': the registration web form. While it is sent the buttons are disabled and read
 * 'connexion...'; on success the reader is logged in and the modal closes; an error shows its message. A
 * reader who ticks the newsletter box with a valid e-mail is subscribed first (isSubscribing true).
 */
export function RegistrationForm({ onLoggedIn, autoFocus, definition: given }: RegistrationFormProps) {
  const form = useValidatedForm<Values>(INITIAL, registrationForm);
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
      if (!(await form.checkBeforeSubmit(formRef.current))) return;
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

  return (
    <RegistrationFormView
      definition={definition}
      onSubmit={submit}
      formRef={formRef}
      fields={{
        civility: form.bind('civility'),
        lastname: form.bind('lastname'),
        firstname: form.bind('firstname'),
        email: form.bind('email'),
        password: form.bind('password'),
        confirmed: form.bind('confirmed'),
        function: form.bind('function'),
      }}
      optin={{ checked: form.values.optin, onCheckedChange: (checked) => form.setValue('optin', checked) }}
      error={state === 'error' && message ? message : undefined}
      busy={state === 'submitting'}
      success={state === 'success'}
      autoFocus={autoFocus}
    />
  );
}
