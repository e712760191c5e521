import { loginFormAction, registerFormAction } from '@/app/actions/account';
import type { FunctionChoice, WebFormDefinition } from '@/client/accounts';
import styles from '@/components/account/auth-modal.module.css';
import { LoginFormView } from '@/components/account/login-form-view';
import { RegistrationFormView } from '@/components/account/registration-form-view';
import {
  SERVER_RENDERED_LOGIN_FIELDS,
  SERVER_RENDERED_REGISTRATION_FIELDS,
} from '@/components/account/server-rendered-fields';
import { REGISTRATION_FORM_ID } from '@/lib/constants';
import { ACCOUNT_FORM_MESSAGES, type AccountFormCode, accountFormAnchor } from '@/lib/contracts/accounts';
import { CIVILITIES, OPTIN_COMMENT } from '@/server/accounts/registration-form';
import { buildJobs } from '@/server/seed/taxonomy';

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
 * Login and registration for browsers without JavaScript, on a page of their own (/connexion, decision 060): the
 * header's 'Se connecter' link (inside <noscript>) leads there, and a server action sends the reader back there with
 * the code of a refusal (`refused`), whose message it shows. The forms post to server actions and are the modal's
 * markup rendered here by the server: no client component, so the script of the forms loads only with the modal
 * (docs/decisions/007). `returnPath` is where the actions send the reader once logged in.
 */
export function AuthFallback({
  forgotPasswordUrl,
  returnPath,
  refused,
}: {
  forgotPasswordUrl: string;
  returnPath: string;
  refused: AccountFormCode | null;
}) {
  const definition: WebFormDefinition = {
    webFormId: REGISTRATION_FORM_ID,
    fields: [],
    optinComment: OPTIN_COMMENT,
    civilities: [...CIVILITIES],
    functions: staticFunctionChoices(),
  };
  return (
    <section id="connexion" className={styles.fallback} aria-label="Connexion ou création de compte">
      {refused ? (
        <p id={accountFormAnchor(refused)} className={styles.alert} role="alert">
          {ACCOUNT_FORM_MESSAGES[refused]}
        </p>
      ) : null}
      <div className={styles.halves}>
        <LoginFormView
          forgotPasswordUrl={forgotPasswordUrl}
          action={loginFormAction}
          returnPath={returnPath}
          fields={SERVER_RENDERED_LOGIN_FIELDS}
        />
        <RegistrationFormView
          definition={definition}
          action={registerFormAction}
          returnPath={returnPath}
          fields={SERVER_RENDERED_REGISTRATION_FIELDS}
        />
      </div>
    </section>
  );
}
