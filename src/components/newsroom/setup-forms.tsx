'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { type ChangeEventHandler, type FormEvent, useEffect, useState } from 'react';
import { acceptInvitation, createFirstAdministrator } from '@/client/admin';
import { InputField, SignInEmailField } from './fields';
import { useFormErrors } from './form-errors';
import { ErrorAlert } from './messages';
import styles from './newsroom.module.css';
import { NEWSROOM_PATHS } from './paths';

const PASSWORD_MISMATCH = 'Les deux mots de passe ne sont pas identiques.';

/**
 * The submission both forms share: the two passwords must match before anything is sent; `save` runs with the
 * button disabled (`busy`) and its failure fills the form's errors.
 */
function useNewPasswordSubmit(password: string, confirmation: string, save: () => Promise<void>) {
  const [busy, setBusy] = useState(false);
  const { error, fields, fail, clear, setError } = useFormErrors();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    clear();
    if (password !== confirmation) {
      setError(PASSWORD_MISMATCH);
      return;
    }
    setBusy(true);
    try {
      await save();
    } catch (failure) {
      fail(failure);
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, fields, submit };
}

/** A new password typed twice; the server's message about the password shows under the first. */
function NewPasswordFields({
  password,
  confirmation,
  onPasswordChange,
  onConfirmationChange,
  error,
}: {
  password: string;
  confirmation: string;
  onPasswordChange: ChangeEventHandler<HTMLInputElement>;
  onConfirmationChange: ChangeEventHandler<HTMLInputElement>;
  error: string | undefined;
}) {
  return (
    <>
      <InputField
        label="Mot de passe"
        type="password"
        name="password"
        autoComplete="new-password"
        required
        value={password}
        onChange={onPasswordChange}
        error={error}
      />
      <InputField
        label="Confirmation du mot de passe"
        type="password"
        name="confirmation"
        autoComplete="new-password"
        required
        value={confirmation}
        onChange={onConfirmationChange}
      />
    </>
  );
}

/**
 * The first administrator's account, with the one-time token the server printed in its log at start (a site
 * on the internet never offers an open setup).
 */
export function SetupForm() {
  const router = useRouter();
  const [values, setValues] = useState({ token: '', name: '', email: '', password: '', confirmation: '' });
  const set = (name: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));
  const { busy, error, fields, submit } = useNewPasswordSubmit(
    values.password,
    values.confirmation,
    async () => {
      await createFirstAdministrator({
        token: values.token.trim(),
        name: values.name,
        email: values.email,
        password: values.password,
      });
      router.replace(NEWSROOM_PATHS.account);
    },
  );
  /** A text field's name, value, change and the server's message about it. */
  const field = (name: 'token' | 'name') => ({
    name,
    value: values[name],
    onChange: set(name),
    error: fields[name],
  });

  return (
    <form className={styles.panel} onSubmit={submit} noValidate>
      <p className={styles.hint}>
        Le jeton d’installation est écrit dans le journal du serveur à son démarrage. Il ne sert qu’une fois.
      </p>
      <ErrorAlert message={error} />
      <InputField label="Jeton d’installation" autoComplete="off" required {...field('token')} />
      <InputField label="Nom" autoComplete="name" required {...field('name')} />
      <SignInEmailField value={values.email} onChange={set('email')} error={fields.email} />
      <NewPasswordFields
        password={values.password}
        confirmation={values.confirmation}
        onPasswordChange={set('password')}
        onConfirmationChange={set('confirmation')}
        error={fields.password}
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
  const [done, setDone] = useState(false);
  const { busy, error, fields, submit } = useNewPasswordSubmit(password, confirmation, async () => {
    await acceptInvitation({ token: token ?? '', password });
    setDone(true);
  });

  useEffect(() => {
    setToken(decodeURIComponent(window.location.hash.slice(1)));
  }, []);

  if (done) {
    return (
      <p className={styles.notice} role="status">
        Votre mot de passe est enregistré. <Link href={NEWSROOM_PATHS.signIn}>Connectez-vous</Link>.
      </p>
    );
  }
  if (token === '') {
    return <ErrorAlert message="Ce lien d’invitation est incomplet : ouvrez le lien reçu par e-mail." />;
  }
  return (
    <form className={styles.panel} onSubmit={submit} noValidate>
      <ErrorAlert message={error} />
      <NewPasswordFields
        password={password}
        confirmation={confirmation}
        onPasswordChange={(event) => setPassword(event.target.value)}
        onConfirmationChange={(event) => setConfirmation(event.target.value)}
        error={fields.password}
      />
      <button type="submit" className={styles.primaryButton} disabled={busy || token === null}>
        Enregistrer mon mot de passe
      </button>
    </form>
  );
}
