'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { type FormEvent, useEffect, useState } from 'react';
import { AdminApiError, acceptInvitation, createFirstAdministrator, errorMessage } from '@/client/admin';
import { InputField } from './fields';
import styles from './newsroom.module.css';
import { NEWSROOM_PATHS } from './paths';

const PASSWORD_MISMATCH = 'Les deux mots de passe ne sont pas identiques.';

/** Field errors of a 400, by field name, and the general message. */
function useFormErrors() {
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const fail = (failure: unknown) => {
    setError(errorMessage(failure));
    setFields(
      failure instanceof AdminApiError
        ? Object.fromEntries(failure.details.map((detail) => [detail.field, detail.message]))
        : {},
    );
  };
  const reset = () => {
    setError(null);
    setFields({});
  };
  return { error, fields, fail, reset, setError };
}

/**
 * The first administrator's account, with the one-time token the server printed in its log at start (a site
 * on the internet never offers an open setup).
 */
export function SetupForm() {
  const router = useRouter();
  const [values, setValues] = useState({ token: '', name: '', email: '', password: '', confirmation: '' });
  const [busy, setBusy] = useState(false);
  const { error, fields, fail, reset, setError } = useFormErrors();
  const set = (name: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    reset();
    if (values.password !== values.confirmation) {
      setError(PASSWORD_MISMATCH);
      return;
    }
    setBusy(true);
    try {
      await createFirstAdministrator({
        token: values.token.trim(),
        name: values.name,
        email: values.email,
        password: values.password,
      });
      router.replace(NEWSROOM_PATHS.account);
    } catch (failure) {
      fail(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.panel} onSubmit={submit} noValidate>
      <p className={styles.hint}>
        Le jeton d’installation est écrit dans le journal du serveur à son démarrage. Il ne sert qu’une fois.
      </p>
      {error ? (
        <p className={styles.alert} role="alert">
          {error}
        </p>
      ) : null}
      <InputField
        label="Jeton d’installation"
        name="token"
        autoComplete="off"
        required
        value={values.token}
        onChange={set('token')}
        error={fields.token}
      />
      <InputField
        label="Nom"
        name="name"
        autoComplete="name"
        required
        value={values.name}
        onChange={set('name')}
        error={fields.name}
      />
      <InputField
        label="Adresse e-mail"
        type="email"
        name="email"
        autoComplete="username"
        required
        value={values.email}
        onChange={set('email')}
        error={fields.email}
      />
      <InputField
        label="Mot de passe"
        type="password"
        name="password"
        autoComplete="new-password"
        required
        value={values.password}
        onChange={set('password')}
        error={fields.password}
      />
      <InputField
        label="Confirmation du mot de passe"
        type="password"
        name="confirmation"
        autoComplete="new-password"
        required
        value={values.confirmation}
        onChange={set('confirmation')}
      />
      <button type="submit" className={styles.primaryButton} disabled={busy}>
        {busy ? 'Création...' : 'Créer le compte administrateur'}
      </button>
    </form>
  );
}

/** An invited staff member chooses a password; the token travels in the link's fragment (never sent in logs). */
export function InvitationForm() {
  const [token, setToken] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const { error, fields, fail, reset, setError } = useFormErrors();

  useEffect(() => {
    setToken(decodeURIComponent(window.location.hash.slice(1)));
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    reset();
    if (password !== confirmation) {
      setError(PASSWORD_MISMATCH);
      return;
    }
    setBusy(true);
    try {
      await acceptInvitation({ token: token ?? '', password });
      setDone(true);
    } catch (failure) {
      fail(failure);
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <p className={styles.notice} role="status">
        Votre mot de passe est enregistré. <Link href={NEWSROOM_PATHS.signIn}>Connectez-vous</Link>.
      </p>
    );
  }
  if (token === '') {
    return (
      <p className={styles.alert} role="alert">
        Ce lien d’invitation est incomplet : ouvrez le lien reçu par e-mail.
      </p>
    );
  }
  return (
    <form className={styles.panel} onSubmit={submit} noValidate>
      {error ? (
        <p className={styles.alert} role="alert">
          {error}
        </p>
      ) : null}
      <InputField
        label="Mot de passe"
        type="password"
        name="password"
        autoComplete="new-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={fields.password}
      />
      <InputField
        label="Confirmation du mot de passe"
        type="password"
        name="confirmation"
        autoComplete="new-password"
        required
        value={confirmation}
        onChange={(event) => setConfirmation(event.target.value)}
      />
      <button type="submit" className={styles.primaryButton} disabled={busy || token === null}>
        Enregistrer mon mot de passe
      </button>
    </form>
  );
}
