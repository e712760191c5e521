import 'server-only';
import { asc } from 'drizzle-orm';
import { REGISTRATION_FORM_ID } from '@/lib/constants';
import type {
  CivilityOption,
  FunctionChoice,
  RegistrationFieldCode,
  WebFormDefinition,
  WebFormField,
} from '@/lib/contracts/accounts';
import { NAME_MAX_LENGTH } from '@/lib/contracts/accounts';
import { DAILY_NAME } from '@/lib/site';
import type { Db } from '../db/client';
import { jobs } from '../db/schema';
import { AppError } from '../http/errors';

/** Civility choices of spec section 3, with the shop's codes 13 to 18. */
export const CIVILITIES: readonly CivilityOption[] = [
  { value: 13, label: 'Monsieur' },
  { value: 14, label: 'Madame' },
  { value: 15, label: 'Mademoiselle' },
  { value: 16, label: 'Maître' },
  { value: 17, label: 'Professeur' },
  { value: 18, label: 'Docteur' },
];

/** The civilities that call for a feminine agreement (« inscrite »); the others, whose holder may be either, do not. */
const FEMININE_CIVILITIES: ReadonlySet<string> = new Set(['Madame', 'Mademoiselle']);

/** « inscrit » or « inscrite », as the reader's civility (a code of CIVILITIES) asks. */
export function registeredWord(civility: number): string {
  const label = CIVILITIES.find((option) => option.value === civility)?.label ?? '';
  return FEMININE_CIVILITIES.has(label) ? 'inscrite' : 'inscrit';
}

/** Longest e-mail address accepted (what mail systems accept). */
export const EMAIL_MAX_LENGTH = 254;

export const OPTIN_COMMENT = `Je souhaite recevoir gratuitement la newsletter ${DAILY_NAME} par e-mail. Je pourrai me désinscrire à tout moment grâce au lien présent dans chaque envoi.`;

/** The registration fields, in form order, with the field_id the web form gives each. */
const FIELDS: readonly Omit<WebFormField, 'options'>[] = [
  { field_id: 1001, code: 'civility', label: 'Civilité', type: 'select', required: true },
  {
    field_id: 1002,
    code: 'lastname',
    label: 'Nom',
    type: 'text',
    required: true,
    maxLength: NAME_MAX_LENGTH,
  },
  {
    field_id: 1003,
    code: 'firstname',
    label: 'Prénom',
    type: 'text',
    required: true,
    maxLength: NAME_MAX_LENGTH,
  },
  {
    field_id: 1004,
    code: 'email',
    label: 'E-mail',
    type: 'email',
    required: true,
    maxLength: EMAIL_MAX_LENGTH,
  },
  { field_id: 1005, code: 'password', label: 'Mot de passe', type: 'password', required: true },
  {
    field_id: 1006,
    code: 'confirmed',
    label: 'Confirmation du mot de passe',
    type: 'password',
    required: true,
  },
  { field_id: 1007, code: 'function', label: 'Fonction', type: 'select', required: true },
  { field_id: 1008, code: 'optin', label: 'Newsletter', type: 'checkbox', required: false },
];

export const REGISTRATION_FIELD_CODES: readonly RegistrationFieldCode[] = FIELDS.map((field) => field.code);

/**
 * The definition of a web form: only the registration form (REGISTRATION_FORM_ID) exists; any other id is a
 * 404. The function list is the job table, grouped under its parents.
 */
export async function getWebFormDefinition(db: Db, webFormId: number): Promise<WebFormDefinition> {
  assertKnownWebForm(webFormId);
  const civilityOptions = CIVILITIES.map(({ value, label }) => ({ value: String(value), label }));
  return {
    webFormId,
    fields: FIELDS.map((field) =>
      field.code === 'civility' ? { ...field, options: civilityOptions } : field,
    ),
    optinComment: OPTIN_COMMENT,
    civilities: [...CIVILITIES],
    functions: await functionChoices(db),
  };
}

/** Only the registration form exists: any other id is a 404. */
export function assertKnownWebForm(webFormId: number): void {
  if (webFormId !== REGISTRATION_FORM_ID) throw new AppError('not_found', 'Formulaire introuvable.');
}

/** The job list as choices: a job with sub-jobs is a group of them, any other job is a choice. */
export async function functionChoices(db: Db): Promise<FunctionChoice[]> {
  const rows = await db
    .select({ id: jobs.id, label: jobs.label, parentId: jobs.parentId })
    .from(jobs)
    .orderBy(asc(jobs.sortOrder), asc(jobs.label));
  return rows
    .filter((row) => row.parentId === null)
    .map((parent) => {
      const children = rows
        .filter((row) => row.parentId === parent.id)
        .map((child) => ({ value: child.id, label: child.label }));
      return children.length > 0
        ? { value: parent.id, label: parent.label, options: children }
        : { value: parent.id, label: parent.label };
    });
}

/** The function values a registration may carry: every choice that is not a group heading. */
export function selectableFunctions(choices: readonly FunctionChoice[]): Set<string> {
  return new Set(
    choices.flatMap((choice) => (choice.options ? choice.options.map((o) => o.value) : [choice.value])),
  );
}
