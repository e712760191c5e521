import { type FormEventHandler, type Ref, useId } from 'react';
import { type FieldBinding, TextField } from '@/components/ui/text-field';
import styles from './auth-modal.module.css';

export type LoginFormViewProps = {
  forgotPasswordUrl: string;
  /** The server action the form posts to without JavaScript. */
  action?: (form: FormData) => Promise<void>;
  /** Without JavaScript: the page to go back to once logged in (the action's `retour` field). */
  returnPath?: string;
  /** The checks and the call of the client form (LoginForm). */
  onSubmit?: FormEventHandler<HTMLFormElement>;
  formRef?: Ref<HTMLFormElement>;
  fields: { email: FieldBinding; password: FieldBinding };
  /** The server's refusal, shown above the fields. */
  error?: string;
  loading?: boolean;
  autoFocus?: boolean;
};

/** The shop's page (when the shop owns the accounts) opens in a new tab; this site's own page does not. */
function isExternal(url: string): boolean {
  return /^https?:\/\//.test(url);
}

/**
 * The markup of 'Se connecter', without state: the modal's client form (LoginForm) drives it, and the server
 * renders it as is for browsers without JavaScript (AuthFallback), so that fallback ships no script.
 */
export function LoginFormView({
  forgotPasswordUrl,
  action,
  returnPath,
  onSubmit,
  formRef,
  fields,
  error,
  loading = false,
  autoFocus,
}: LoginFormViewProps) {
  const id = useId();
  return (
    <section className={styles.half} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.heading}>
        Se connecter
      </h2>
      <p className={styles.intro}>Vous avez déjà un compte client de la boutique.</p>
      <form
        ref={formRef}
        action={action}
        onSubmit={onSubmit}
        noValidate
        aria-describedby={error ? `${id}-message` : undefined}
      >
        {returnPath !== undefined ? <input type="hidden" name="retour" value={returnPath} /> : null}
        {error ? (
          <p id={`${id}-message`} className={styles.alert} role="alert">
            {error}
          </p>
        ) : null}
        <TextField
          {...fields.email}
          label="Adresse e-mail"
          type="email"
          autoComplete="email"
          required
          autoFocus={autoFocus}
        />
        <TextField
          {...fields.password}
          label="Mot de passe"
          type="password"
          autoComplete="current-password"
          required
        />
        <label className={styles.checkbox}>
          <input type="checkbox" name="remember" value="on" />
          <span>Rester connecté (30 jours sur cet appareil)</span>
        </label>
        {isExternal(forgotPasswordUrl) ? (
          <a className={styles.forgot} href={forgotPasswordUrl} target="_blank" rel="noopener">
            Mot de passe oublié ?<span className="visually-hidden"> (nouvel onglet)</span>
          </a>
        ) : (
          <a className={styles.forgot} href={forgotPasswordUrl}>
            Mot de passe oublié ?
          </a>
        )}
        <button type="submit" className={styles.submit} disabled={loading}>
          {loading ? 'Connexion en cours...' : 'Se connecter'}
        </button>
      </form>
    </section>
  );
}
