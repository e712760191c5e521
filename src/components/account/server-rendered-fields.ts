import type { FieldBinding } from '@/components/ui/text-field';
import { type RegistrationFieldCode, registrationFieldCode } from '@/lib/contracts/accounts';

/**
 * The bindings of a form the server renders for browsers without JavaScript (AuthFallback): each field its name
 * and no message, the outcome coming back as a targeted anchor. Not for the modal's client forms: they load the
 * contracts (and zod) only when the form opens.
 */
function plainFields<Name extends string>(names: readonly Name[]): Record<Name, FieldBinding> {
  const fields = {} as Record<Name, FieldBinding>;
  for (const name of names) fields[name] = { name, error: null };
  return fields;
}

export const SERVER_RENDERED_LOGIN_FIELDS = plainFields(['email', 'password']);

/** The web form's fields as the registration action reads them, but the newsletter box: a checkbox of its own. */
export const SERVER_RENDERED_REGISTRATION_FIELDS = plainFields(
  registrationFieldCode.options.filter(
    (code): code is Exclude<RegistrationFieldCode, 'optin'> => code !== 'optin',
  ),
);
