import './zod-setup';
import * as z from 'zod/mini';
import {
  confirmationError,
  EMAIL_MESSAGE,
  isValidEmail,
  PASSWORD_CLASSES_MESSAGE,
  PASSWORD_CONFIRMATION_MESSAGE,
  PASSWORD_LENGTH_MESSAGE,
  passwordError,
  REQUIRED_MESSAGE,
  WEB_FORM_ERROR_MESSAGE,
} from '../validation';

/**
 * The account forms (login, registration): one definition each, used by the browser form, the API route and the
 * no-JavaScript server action (docs/decisions/009-forms-one-definition.md). Zod Mini: these schemas also run in
 * the browser, where the full Zod would cost its weight on every page.
 */

/** Longest first or last name. */
export const NAME_MAX_LENGTH = 100;
/** Longest password accepted: long enough for passphrases, short enough that hashing stays cheap to refuse. */
export const PASSWORD_MAX_LENGTH = 128;

/**
 * Every outcome an account form may end with that is not a success, by code: the browser shows the message,
 * the no-JavaScript login page shows the one its `?erreur=` names, at the anchor `connexion-<code>`. Codes travel;
 * messages are looked up here.
 */
export const ACCOUNT_FORM_MESSAGES = {
  required: REQUIRED_MESSAGE,
  email: EMAIL_MESSAGE,
  password_length: PASSWORD_LENGTH_MESSAGE,
  password_classes: PASSWORD_CLASSES_MESSAGE,
  password_confirmation: PASSWORD_CONFIRMATION_MESSAGE,
  password_too_long: `Le mot de passe ne peut pas dépasser ${PASSWORD_MAX_LENGTH} caractères.`,
  /** A password found in the list of common passwords (OWASP ASVS 6.2.4). */
  common_password: "Ce mot de passe est trop courant et facile à deviner, merci d'en choisir un autre.",
  invalid_civility: 'Veuillez choisir une civilité de la liste.',
  invalid_function: 'Veuillez choisir une fonction de la liste.',
  invalid_optin: "Le choix d'inscription à la newsletter doit valoir O ou N.",
  name_too_long: `Ce champ ne peut pas dépasser ${NAME_MAX_LENGTH} caractères.`,
  name_characters: 'Ce champ contient des caractères non autorisés.',
  /**
   * A registered address: said plainly (the reader must know why no account was made) while pointing to login
   * and password recovery rather than confirming anything else (docs/API-accounts.md).
   */
  duplicate_email:
    'Un compte existe peut-être déjà avec cette adresse e-mail : connectez-vous ou utilisez « Mot de passe oublié ».',
  invalid_credentials: 'Adresse e-mail ou mot de passe incorrect.',
  rate_limited: 'Trop de tentatives, merci de réessayer plus tard.',
  /** Anything else (the server down, an unexpected answer). */
  form_error: WEB_FORM_ERROR_MESSAGE,
} as const;

export type AccountFormCode = keyof typeof ACCOUNT_FORM_MESSAGES;

/** A rule of a field: the value passes the test, or the form fails with the code. */
type Rule = readonly [test: (value: string) => boolean, code: AccountFormCode];

const filled = (value: string) => value.trim() !== '';

/** A text field checked by its rules in order; the first that fails is the field's only error. */
function textField(...rules: Rule[]) {
  return z.string().check(
    z.superRefine((value, context) => {
      const failed = rules.find(([test]) => !test(value));
      if (!failed) return;
      const code = failed[1];
      context.issues.push({
        code: 'custom',
        message: ACCOUNT_FORM_MESSAGES[code],
        params: { code },
        input: value,
      });
    }),
  );
}

const REQUIRED: Rule = [filled, 'required'];
const EMAIL: Rule = [isValidEmail, 'email'];
const PASSWORD_LENGTH: Rule = [
  (value) => passwordError(value) !== PASSWORD_LENGTH_MESSAGE,
  'password_length',
];
const PASSWORD_CLASSES: Rule = [
  (value) => passwordError(value) !== PASSWORD_CLASSES_MESSAGE,
  'password_classes',
];

/** The new password and its confirmation (registration, Mon compte's change, a reset link). */
const NEW_PASSWORD = textField(REQUIRED, PASSWORD_LENGTH, PASSWORD_CLASSES);

/** The confirmation must equal the password, compared once both are filled, whatever the other fields hold. */
const SAME_CONFIRMATION = z.refine<{ password: string; confirmed: string }>(
  (values) => confirmationError(values.password, values.confirmed) === null,
  {
    error: ACCOUNT_FORM_MESSAGES.password_confirmation,
    path: ['confirmed'],
    params: { code: 'password_confirmation' },
    when: ({ value }) => {
      const values = value as { password?: unknown; confirmed?: unknown };
      return (
        typeof values.password === 'string' &&
        typeof values.confirmed === 'string' &&
        filled(values.password) &&
        filled(values.confirmed)
      );
    },
  },
);

/** 'Se connecter': both fields required, the e-mail valid. */
export const loginForm = z.object({
  email: textField(REQUIRED, EMAIL),
  password: textField(REQUIRED),
});
export type LoginForm = z.infer<typeof loginForm>;

/**
 * 'Créer un compte' (spec section 5): every field but optin required, a valid e-mail, a password of at least
 * 8 characters once trimmed with all four character classes, and the same confirmation. The server adds the
 * rules that need its data (the civility and job lists, the common passwords, lengths).
 */
export const registrationForm = z
  .object({
    civility: textField(REQUIRED),
    lastname: textField(REQUIRED),
    firstname: textField(REQUIRED),
    email: textField(REQUIRED, EMAIL),
    password: NEW_PASSWORD,
    confirmed: textField(REQUIRED),
    function: textField(REQUIRED),
    optin: z.boolean(),
  })
  .check(SAME_CONFIRMATION);
export type RegistrationForm = z.infer<typeof registrationForm>;

/*
 * Mon compte's forms and the password reset pages: server-rendered forms posting to server actions,
 * which work without JavaScript and come back to their page with an outcome code (decision 009). The server
 * functions check these schemas, then the rules that need the server's data, each refusal with a code.
 */

/** "Mot de passe oublié ?": the address of the account. */
export const forgotPasswordForm = z.object({ email: textField(REQUIRED, EMAIL) });
export type ForgotPasswordForm = z.infer<typeof forgotPasswordForm>;

/** The page of a reset link: a new password and its confirmation. */
export const newPasswordForm = z
  .object({ password: NEW_PASSWORD, confirmed: textField(REQUIRED) })
  .check(SAME_CONFIRMATION);
export type NewPasswordForm = z.infer<typeof newPasswordForm>;

/** Mon compte's password: the current one, then the new one and its confirmation. */
export const passwordChangeForm = z
  .object({ current: textField(REQUIRED), password: NEW_PASSWORD, confirmed: textField(REQUIRED) })
  .check(SAME_CONFIRMATION);
export type PasswordChangeForm = z.infer<typeof passwordChangeForm>;

/** Mon compte's change of address: the new address and the current password. */
export const emailChangeForm = z.object({ email: textField(REQUIRED, EMAIL), password: textField(REQUIRED) });
export type EmailChangeForm = z.infer<typeof emailChangeForm>;

/** Mon compte's profile: the profile fields of registration, all required. */
export const profileForm = z.object({
  civility: textField(REQUIRED),
  lastname: textField(REQUIRED),
  firstname: textField(REQUIRED),
  function: textField(REQUIRED),
});
export type ProfileForm = z.infer<typeof profileForm>;

/** "Supprimer mon compte": the password again. */
export const accountDeletionForm = z.object({ password: textField(REQUIRED) });
export type AccountDeletionForm = z.infer<typeof accountDeletionForm>;

/**
 * The outcomes of those forms that are not a success: the account forms' codes, and those of the rules only they
 * have. Codes travel in the page's address (`?erreur=<code>`); the page shows the message of the code.
 */
export const MY_ACCOUNT_MESSAGES = {
  ...ACCOUNT_FORM_MESSAGES,
  wrong_password: 'Le mot de passe actuel est incorrect.',
  same_email: 'La nouvelle adresse est celle de votre compte.',
  alert_frequency: 'Veuillez choisir une fréquence : chaque jour ou chaque semaine.',
  alert_topics: 'Veuillez choisir des thèmes de la liste.',
  agenda_profile:
    'Veuillez choisir les métiers, la taille, le régime de TVA et l’imposition dans les listes.',
  invalid_reset_link:
    'Ce lien de réinitialisation n’est plus valable : il a expiré ou a déjà servi. Vous pouvez en demander un nouveau.',
} as const;

export type MyAccountCode = keyof typeof MY_ACCOUNT_MESSAGES;

/** Whether a value from a URL is one of those codes (never an inherited property such as `toString`). */
export function isMyAccountCode(value: unknown): value is MyAccountCode {
  return typeof value === 'string' && Object.hasOwn(MY_ACCOUNT_MESSAGES, value);
}

export type FormFieldError = { code: AccountFormCode; message: string };

/**
 * The errors of a form's values by field (the first of each field), or an empty object when the values pass.
 * The browser shows `message`; the server action sends `code` back as the page anchor.
 */
export function formErrors<Values extends object>(
  schema: z.ZodMiniType<Values>,
  values: Values,
): Partial<Record<keyof Values & string, FormFieldError>> {
  const result = z.safeParse(schema, values);
  if (result.success) return {};
  const errors: Partial<Record<string, FormFieldError>> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    const code = (issue as { params?: { code?: AccountFormCode } }).params?.code ?? 'form_error';
    if (!(field in errors)) errors[field] = { code, message: ACCOUNT_FORM_MESSAGES[code] };
  }
  return errors;
}

/** The anchor of an outcome's message on the page the no-JavaScript forms come back to (/connexion). */
export function accountFormAnchor(code: AccountFormCode): string {
  return `connexion-${code}`;
}

/** The code of a field's error from the server's answer, for the anchor; form_error when it has none. */
export function firstErrorCode(errors: readonly { code?: AccountFormCode }[]): AccountFormCode {
  return errors[0]?.code ?? 'form_error';
}

/** Codes of the registration form's fields, as the web form calls them. */
export const registrationFieldCode = z.enum([
  'civility',
  'lastname',
  'firstname',
  'email',
  'password',
  'confirmed',
  'function',
  'optin',
]);
export type RegistrationFieldCode = z.infer<typeof registrationFieldCode>;

/** A choice of a select field. */
const webFormOption = z.object({ value: z.string(), label: z.string() });
export type WebFormOption = z.infer<typeof webFormOption>;

/** A profession of the function list; an entry with `options` is a group heading, not a choice itself. */
const functionChoice = z.object({
  value: z.string(),
  label: z.string(),
  options: z.optional(z.array(webFormOption)),
});
export type FunctionChoice = z.infer<typeof functionChoice>;

/** Civility choice: Monsieur 13 … Docteur 18. */
const civilityOption = z.object({ value: z.number(), label: z.string() });
export type CivilityOption = z.infer<typeof civilityOption>;

/** One field of a web form (spec section 3 "Web form definition": a field_id per field). */
const webFormField = z.object({
  field_id: z.number(),
  code: registrationFieldCode,
  label: z.string(),
  type: z.enum(['select', 'text', 'email', 'password', 'checkbox']),
  required: z.boolean(),
  /** Longest accepted value, in characters (text fields). */
  maxLength: z.optional(z.number()),
  /** For the civility select; the function select uses `functions`. */
  options: z.optional(z.array(webFormOption)),
});
export type WebFormField = z.infer<typeof webFormField>;

/** Answer of GET /api/eshop/webFormFields. */
export const webFormDefinition = z.object({
  webFormId: z.number(),
  fields: z.array(webFormField),
  /** The text beside the newsletter opt-in checkbox. */
  optinComment: z.string(),
  civilities: z.array(civilityOption),
  /** The grouped list of professions. */
  functions: z.array(functionChoice),
});
export type WebFormDefinition = z.infer<typeof webFormDefinition>;

/*
 * The account calls' answers (spec section 7), parsed by the browser (src/client/accounts.ts) and by the contract
 * tests. Their queries and bodies, read on the server only, are in ./accounts-query.ts.
 */

/** The reader as the header shows them (spec section 3 "User"): the answer of GET /api/eshop/me, 200. */
export const currentUser = z.object({ firstname: z.string(), lastname: z.string() });
export type User = z.infer<typeof currentUser>;

/**
 * Answer of POST /api/eshop/login, 200: the session cookie (spec section 3 "Cookie"; `value` for clients that
 * send the token as a Bearer header, the browser keeps only the HttpOnly cookie) and the user.
 */
export const loggedIn = z.object({
  cookieObj: z.object({ name: z.string(), value: z.string(), ttl: z.number() }),
  user: currentUser,
});

/** Answer of a refused login (400, 401, 429): the message in `cookieObj.error`, no user. */
export const loginRefused = z.object({ cookieObj: z.object({ error: z.string() }), user: z.null() });

/** Answer of POST /api/eshop/login, whatever its status. */
export const loginAnswer = z.union([loggedIn, loginRefused]);
export type LoginAnswer = z.infer<typeof loginAnswer>;

/** Status of POST /api/eshop/logout: no content, also without a session (the cookie and its hint removed). */
export const LOGGED_OUT_STATUS = 204;

/** The created account, as a successful registration describes it. */
export const registrationResult = z.object({
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  optin: z.boolean(),
});
export type RegistrationResult = z.infer<typeof registrationResult>;

/** A refused field of a web form result: the field it concerns (null for the whole form) and its message. */
const webFormError = z.object({ field: z.nullable(z.string()), message: z.string() });
export type WebFormError = z.infer<typeof webFormError>;

/** JSON text read as its value (null when it is not JSON), for the schema that follows. */
const jsonText = z.pipe(
  z.string(),
  z.transform((text): unknown => {
    try {
      return JSON.parse(text);
    } catch {
      return null;
    }
  }),
);

/**
 * Answer of POST /api/eshop/webFormResult, 200: the account created. Spec section 5: a result sent as JSON text
 * is read as JSON (this server sends the object).
 */
export const webFormAccepted = z.object({
  success: z.literal(true),
  result: z.union([registrationResult, z.pipe(jsonText, registrationResult)]),
  errors: z.array(webFormError),
});
export type WebFormResult = z.infer<typeof webFormAccepted>;

/** Answer of POST /api/eshop/webFormResult, 400 (a rule failed) or 409 (a registered address): one error a field. */
export const webFormRefused = z.object({
  success: z.literal(false),
  result: z.null(),
  errors: z.array(webFormError),
});
export type WebFormRefused = z.infer<typeof webFormRefused>;
