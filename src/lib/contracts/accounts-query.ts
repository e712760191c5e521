/**
 * The queries and bodies of the account calls, validated by their route handlers. Full Zod: these run on the
 * server only, so they stay out of ./accounts.ts, whose form schemas and answers the browser bundles (Zod Mini).
 */
import { z } from 'zod';
import { REGISTRATION_FORM_ID } from '../constants';
import { registrationFieldCode } from './accounts';

/** The query of GET /api/eshop/me: `cookie` holds the session token, or a whole Cookie header carrying it. */
export const meQuery = z.object({
  cookie: z.string().max(4096, 'trop long (4096 caractères au plus)').optional(),
});

/** The query of GET /api/eshop/webFormFields: the id of the web form. */
export const webFormFieldsQuery = z.object({
  webFormId: z.coerce
    .number({ error: 'doit être un nombre entier positif' })
    .int('doit être un nombre entier positif')
    .positive('doit être un nombre entier positif'),
});

/** The body of POST /api/eshop/login (JSON or form-encoded); missing fields are refused by the login rules. */
export const loginBody = z.object({
  email: z.string().max(1000).default(''),
  password: z.string().max(1000).default(''),
  /** "Rester connecté": a 30-day session. */
  remember: z
    .preprocess(
      (value) =>
        typeof value === 'string' ? ['true', '1', 'on'].includes(value.trim().toLowerCase()) : value,
      z.boolean({ error: 'remember doit valoir true ou false.' }),
    )
    .default(false),
});

/** One value of the web form: scalars are taken as text (JSON clients may send civility as a number). */
const fieldValue = z.union([z.string(), z.number(), z.boolean()]).transform(String).optional();

/**
 * The body of POST /api/eshop/webFormResult: the form id (`webFormId`, or `formId`; absent means the
 * registration form, the only one) and a list of {code, value} (`fields`, or `values`), JSON or form-encoded
 * with the list as JSON, or the same values as flat fields. Unknown codes are ignored; the values are checked by
 * the registration rules, which answer in the web form result's own shape.
 */
export const webFormResultBody = z.preprocess(
  flattenFields,
  z.object({
    webFormId: z.coerce
      .number({ error: 'Identifiant de formulaire invalide.' })
      .int()
      .positive()
      .default(REGISTRATION_FORM_ID),
    /** Set by flattenFields only when the list could not be read. */
    fields: z.undefined({ error: 'La liste des champs doit être une liste de {code, value}.' }).optional(),
    civility: fieldValue,
    lastname: fieldValue,
    firstname: fieldValue,
    email: fieldValue,
    password: fieldValue,
    confirmed: fieldValue,
    function: fieldValue,
    optin: fieldValue,
  }),
);

function flattenFields(raw: unknown): unknown {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const { fields, values, formId, ...rest } = raw as Record<string, unknown>;
  const flat: Record<string, unknown> = { ...rest };
  if (flat.webFormId === undefined && formId !== undefined) flat.webFormId = formId;
  let list = fields ?? values;
  if (typeof list === 'string') {
    try {
      list = JSON.parse(list);
    } catch {
      return { ...flat, fields: list };
    }
  }
  if (list === undefined) return flat;
  // A list that is not one: left for the schema to refuse with a 400 rather than silently ignored.
  if (!Array.isArray(list)) return { ...flat, fields: list };
  for (const entry of list) {
    if (entry && typeof entry === 'object' && typeof (entry as { code?: unknown }).code === 'string') {
      const { code, value } = entry as { code: string; value?: unknown };
      if (registrationFieldCode.options.some((known) => known === code) && !(code in flat))
        flat[code] = value;
    }
  }
  return flat;
}
