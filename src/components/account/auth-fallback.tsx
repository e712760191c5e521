import { loginFormAction, registerFormAction } from '@/app/actions/account';
import { AUTH_MESSAGES } from '@/app/actions/outcomes';
import type { FunctionChoice, WebFormDefinition } from '@/client/accounts';
import { REGISTRATION_FORM_ID } from '@/lib/constants';
import { CIVILITIES, OPTIN_COMMENT } from '@/server/accounts/registration-form';
import { buildJobs } from '@/server/seed/taxonomy';
import styles from './auth-modal.module.css';
import { LoginForm } from './login-form';
import { RegistrationForm } from './registration-form';

/**
 * The job list of registration, grouped under its parents, from the taxonomy the job table is built from: the
 * layout must not read the database (pages stay static), and the server checks the chosen value anyway.
 */
function staticFunctionChoices(): FunctionChoice[] {
  const rows = buildJobs();
  return rows
    .filter((row) => !row.parentId)
    .map((parent) => {
      const children = rows.filter((row) => row.parentId === parent.id);
      return children.length > 0
        ? {
            value: parent.id,
            label: parent.label,
            options: children.map((c) => ({ value: c.id, label: c.label })),
          }
        : { value: parent.id, label: parent.label };
    });
}

/**
 * Login and registration for browsers without JavaScript, shown only when the URL targets it: the header's
 * 'Se connecter' link (#connexion, inside <noscript>) or a server action sending the reader back at the anchor
 * of a message. The forms post to server actions; with JavaScript the modal is used and this stays hidden.
 */
export function AuthFallback({ forgotPasswordUrl }: { forgotPasswordUrl: string }) {
  const definition: WebFormDefinition = {
    webFormId: REGISTRATION_FORM_ID,
    fields: [],
    optinComment: OPTIN_COMMENT,
    civilities: [...CIVILITIES],
    functions: staticFunctionChoices(),
  };
  return (
    <section
      id="connexion"
      className={`container ${styles.fallback}`}
      aria-label="Connexion ou création de compte"
    >
      {AUTH_MESSAGES.map((entry) => (
        <p key={entry.id} id={entry.id} className={`${styles.alert} ${styles.targetMessage}`}>
          {entry.message}
        </p>
      ))}
      <div className={styles.halves}>
        <LoginForm forgotPasswordUrl={forgotPasswordUrl} action={loginFormAction} />
        <RegistrationForm definition={definition} action={registerFormAction} />
      </div>
    </section>
  );
}
