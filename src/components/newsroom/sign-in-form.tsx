'use client';

import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { AdminApiError, errorMessage, getSetupStatus, signIn } from '@/client/admin';
import { InputField, SignInEmailField, VerificationCodeField } from './fields';
import { ErrorAlert } from './messages';
import styles from './newsroom.module.css';
import { isSafeReturnPath, NEWSROOM_PATHS } from './paths';

/**
 * Staff sign-in: e-mail and password, then the authenticator's code when the account has two-factor
 * authentication (the server says so by naming the `totp` field). The session cookie is set by the server.
 */
export function SignInForm() {
  const router = useRouter();
  const back = useSearchParams().get('retour');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [totp, setTotp] = useState('');
  const [step, setStep] = useState<'password' | 'totp'>('password');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [setupNeeded, setSetupNeeded] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    getSetupStatus()
      .then((status) => setSetupNeeded(status.needed))
      .catch(() => undefined); // 404 once the first account exists: nothing to offer
  }, []);

  useEffect(() => {
    if (step === 'totp') codeRef.current?.focus();
  }, [step]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const session = await signIn({ email, password, ...(step === 'totp' ? { totp } : {}) });
      router.replace(
        session.totpSetupRequired
          ? NEWSROOM_PATHS.account
          : back && isSafeReturnPath(back)
            ? back
            : NEWSROOM_PATHS.articles,
      );
    } catch (failure) {
      if (failure instanceof AdminApiError && step === 'password' && failure.fieldMessage('totp')) {
        setStep('totp');
      } else {
        setError(
          failure instanceof AdminApiError
            ? (failure.fieldMessage('totp') ?? failure.message)
            : errorMessage(failure),
        );
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className={styles.panel}
      onSubmit={submit}
      noValidate
      aria-describedby={error ? 'connexion-erreur' : undefined}
    >
      <ErrorAlert id="connexion-erreur" message={error} />
      {step === 'password' ? (
        <>
          <SignInEmailField value={email} onChange={(event) => setEmail(event.target.value)} />
          <InputField
            label="Mot de passe"
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </>
      ) : (
        <>
          <p className={styles.notice}>
            Votre compte est protégé par la double authentification : saisissez le code à 6 chiffres affiché
            par votre application.
          </p>
          <VerificationCodeField
            ref={codeRef}
            label="Code de vérification"
            name="totp"
            pattern="[0-9]{6}"
            value={totp}
            onCode={setTotp}
          />
        </>
      )}
      <div className={styles.actions}>
        <button type="submit" className={styles.primaryButton} disabled={busy}>
          {busy ? 'Connexion...' : step === 'password' ? 'Se connecter' : 'Valider le code'}
        </button>
        {step === 'totp' ? (
          <button
            type="button"
            className={styles.secondaryButton}
            onClick={() => {
              setStep('password');
              setTotp('');
              setError(null);
            }}
          >
            Retour
          </button>
        ) : null}
      </div>
      {setupNeeded ? (
        <p className={styles.hint}>
          Aucun compte n’existe encore :{' '}
          <Link href={NEWSROOM_PATHS.setup}>créer le premier administrateur</Link>.
        </p>
      ) : null}
    </form>
  );
}
