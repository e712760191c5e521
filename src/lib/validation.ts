import { PASSWORD_MIN_LENGTH, VALIDATION_MESSAGE_MAX } from './constants';

// Validation messages of the spec's section 5, word for word.
export const REQUIRED_MESSAGE = 'Ce champ est obligatoire';
export const EMAIL_MESSAGE = 'Veuillez saisir un email valide.';
export const PHONE_MESSAGE = 'Veuillez saisir un numéro de téléphone valide.';
export const PASSWORD_LENGTH_MESSAGE =
  'Le mot de passe doit contenir au moins 8 caractères. Les espaces en début et fin de texte seront ignorés.';
// The message speaks of 3 classes; the rule (spec section 5) requires all four.
export const PASSWORD_CLASSES_MESSAGE =
  'Le mot de passe doit comporter au minimum 3 classes de caractères. Les classes de caractères sont les suivantes : minuscules, majuscules, chiffres, caractères spéciaux.';
export const PASSWORD_CONFIRMATION_MESSAGE = 'Les mots de passe ne sont pas identiques.';
/** Web form failure when the server gives no error of its own. */
export const WEB_FORM_ERROR_MESSAGE = 'une erreur est survenue';

/** A message cut to VALIDATION_MESSAGE_MAX characters. */
export function capMessage(message: string): string {
  return message.length > VALIDATION_MESSAGE_MAX ? message.slice(0, VALIDATION_MESSAGE_MAX) : message;
}

/** A validator answers the message to show, or null when the value is valid. */
export type FieldError = string | null;

/** Empty or blank values fail. */
export function requiredError(value: string | null | undefined): FieldError {
  return value === null || value === undefined || value.trim() === '' ? REQUIRED_MESSAGE : null;
}

// Local part of letters, digits and ._'+- (no leading, trailing or doubled dot); a domain of labels and a
// letters-only top-level domain of two letters or more.
const EMAIL_PATTERN =
  /^(?!\.)(?!.*\.\.)[A-Za-z0-9_'+.-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;
/** The longest address mail systems accept. */
const EMAIL_MAX_LENGTH = 254;

/** An e-mail address; surrounding spaces are ignored. */
export function isValidEmail(value: string): boolean {
  const email = value.trim();
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}

/** Separators a phone number may be typed with: spaces, dots, hyphens, parentheses. */
const PHONE_SEPARATORS = /[\s.\-()]/g;
const FRENCH_NATIONAL_PHONE = /^0[1-9]\d{8}$/;
/** +33 or 0033, the national 0 optionally kept ("+33 (0)1 …"), then nine digits. */
const FRENCH_INTERNATIONAL_PHONE = /^(?:\+|00)330?[1-9]\d{8}$/;
/** Another country: + or 00, a country code and a number, 7 to 15 digits in all (E.164). */
const OTHER_INTERNATIONAL_PHONE = /^(?:\+|00)(?!33)[1-9]\d{6,14}$/;

/** A French phone number (01 23 45 67 89, +33 1 23 45 67 89, 0033…) or an international one (+44 20 …). */
export function isValidPhone(value: string): boolean {
  const digits = value.trim().replace(PHONE_SEPARATORS, '');
  return (
    FRENCH_NATIONAL_PHONE.test(digits) ||
    FRENCH_INTERNATIONAL_PHONE.test(digits) ||
    OTHER_INTERNATIONAL_PHONE.test(digits)
  );
}

/** Passwords are taken without their leading and trailing spaces. */
export function normalizePassword(value: string): string {
  return value.trim();
}

const PASSWORD_CLASSES: readonly RegExp[] = [
  /\p{Ll}/u, // lowercase
  /\p{Lu}/u, // uppercase
  /\p{Nd}/u, // digit
  /[^\p{L}\p{Nd}]/u, // special character: anything else
];

/** Every character class is present: lowercase, uppercase, digit and special character. */
export function hasAllPasswordClasses(value: string): boolean {
  return PASSWORD_CLASSES.every((pattern) => pattern.test(value));
}

/** Empty values pass (pair with requiredError); a filled one must be a valid address. */
export function emailError(value: string): FieldError {
  return value.trim() === '' || isValidEmail(value) ? null : EMAIL_MESSAGE;
}

/** Empty values pass (pair with requiredError); a filled one must be a valid phone number. */
export function phoneError(value: string): FieldError {
  return value.trim() === '' || isValidPhone(value) ? null : PHONE_MESSAGE;
}

/**
 * Empty values pass (pair with requiredError). Otherwise, once trimmed, at least PASSWORD_MIN_LENGTH characters
 * (checked first) and all four character classes.
 */
export function passwordError(value: string): FieldError {
  const password = normalizePassword(value);
  if (password === '') return null;
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_LENGTH_MESSAGE;
  if (!hasAllPasswordClasses(password)) return PASSWORD_CLASSES_MESSAGE;
  return null;
}

/** The confirmation must equal the password (both trimmed, as the password is used trimmed). */
export function confirmationError(password: string, confirmation: string): FieldError {
  return normalizePassword(password) === normalizePassword(confirmation)
    ? null
    : PASSWORD_CONFIRMATION_MESSAGE;
}
