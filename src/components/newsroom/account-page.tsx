'use client';

import { useRouter } from 'next/navigation';
import QRCode from 'qrcode';
import { type FormEvent, useEffect, useState } from 'react';
import { confirmTotp, disableTotp, errorMessage, signOut, startTotp } from '@/client/admin';
import { STAFF_ROLE_LABELS, type TotpSetupAnswer } from '@/lib/contracts/admin';
import { VerificationCodeField } from './fields';
import { ErrorAlert, StatusNotice } from './messages';
import styles from './newsroom.module.css';
import { NEWSROOM_PATHS } from './paths';
import { useStaff } from './staff-shell';

/** The signed-in staff member's account: two-factor authentication and signing out of every device. */
export function AccountPage() {
  const { staff, reload } = useStaff();
  const router = useRouter();
  const [totpEnabled, setTotpEnabled] = useState(staff.totpEnabled);
  const [message, setMessage] = useState<string | null>(null);
  return (
    <>
      <h1 className={styles.pageTitle}>Mon compte</h1>
      <StatusNotice message={message} />
      <section className={styles.panel} aria-labelledby="compte-identite">
        <h2 id="compte-identite">Identité</h2>
        <p>
          {staff.name} – {staff.email} – {STAFF_ROLE_LABELS[staff.role]}
        </p>
      </section>
      <section className={styles.panel} aria-labelledby="compte-2fa">
        <h2 id="compte-2fa">Double authentification</h2>
        {totpEnabled ? (
          <DisableTotp
            onDone={() => {
              setTotpEnabled(false);
              setMessage('La double authentification est désactivée.');
            }}
          />
        ) : (
          <EnrolTotp
            onDone={() => {
              setTotpEnabled(true);
              setMessage(
                'La double authentification est activée : elle vous sera demandée à chaque connexion.',
              );
              reload();
            }}
          />
        )}
      </section>
      <section className={styles.panel} aria-labelledby="compte-sessions">
        <h2 id="compte-sessions">Sessions</h2>
        <p>Vous pouvez fermer toutes vos sessions ouvertes, sur cet appareil et sur tous les autres.</p>
        <button
          type="button"
          className={styles.secondaryButton}
          onClick={async () => {
            try {
              await signOut(true);
              router.replace(NEWSROOM_PATHS.signIn);
            } catch (failure) {
              setMessage(errorMessage(failure));
            }
          }}
        >
          Se déconnecter partout
        </button>
      </section>
    </>
  );
}

/** A form that sends the authenticator's code (`send`): `onDone` after success, the French message after a failure. */
function useCodeForm(send: (code: string) => Promise<unknown>, onDone: () => void) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await send(code);
      onDone();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  return { code, setCode, error, setError, submit };
}

/** Enrolment: a secret from the server, shown as a QR code drawn here (no outside service) and as text. */
function EnrolTotp({ onDone }: { onDone: () => void }) {
  const [setup, setSetup] = useState<TotpSetupAnswer | null>(null);
  const [svg, setSvg] = useState<string | null>(null);
  const { code, setCode, error, setError, submit: confirm } = useCodeForm(confirmTotp, onDone);

  useEffect(() => {
    if (!setup) return;
    QRCode.toString(setup.uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })
      .then(setSvg)
      .catch(() => setSvg(null));
  }, [setup]);

  const begin = async () => {
    setError(null);
    try {
      setSetup(await startTotp());
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  if (!setup) {
    return (
      <>
        <p>
          Protégez votre compte par un code à 6 chiffres donné par une application d’authentification
          (FreeOTP, Aegis, Google Authenticator…).
        </p>
        <ErrorAlert message={error} />
        <button type="button" className={styles.primaryButton} onClick={begin}>
          Activer la double authentification
        </button>
      </>
    );
  }
  return (
    <form onSubmit={confirm} noValidate>
      <ol>
        <li>
          Scannez ce code avec votre application :
          {svg ? (
            <div
              className={styles.qr}
              role="img"
              aria-label="Code QR de configuration de la double authentification"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: SVG drawn by the qrcode library from the server's otpauth URI.
              dangerouslySetInnerHTML={{ __html: svg }}
            />
          ) : null}
          ou saisissez la clé <code>{setup.secret}</code>.
        </li>
        <li>Saisissez le code qu’elle affiche.</li>
      </ol>
      <ErrorAlert message={error} />
      <VerificationCodeField label="Code de vérification" name="code" value={code} onCode={setCode} />
      <button type="submit" className={styles.primaryButton}>
        Confirmer
      </button>
    </form>
  );
}

function DisableTotp({ onDone }: { onDone: () => void }) {
  const { code, setCode, error, submit } = useCodeForm(disableTotp, onDone);
  return (
    <form onSubmit={submit} noValidate>
      <p>La double authentification est active sur votre compte.</p>
      <ErrorAlert message={error} />
      <VerificationCodeField label="Code de vérification actuel" name="code" value={code} onCode={setCode} />
      <button type="submit" className={styles.dangerButton}>
        Désactiver
      </button>
    </form>
  );
}
