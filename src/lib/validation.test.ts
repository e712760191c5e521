import { describe, expect, it } from 'vitest';
import {
  capMessage,
  confirmationError,
  EMAIL_MESSAGE,
  emailError,
  hasAllPasswordClasses,
  isValidEmail,
  isValidPhone,
  PASSWORD_CLASSES_MESSAGE,
  PASSWORD_CONFIRMATION_MESSAGE,
  PASSWORD_LENGTH_MESSAGE,
  PHONE_MESSAGE,
  passwordError,
  phoneError,
  REQUIRED_MESSAGE,
  requiredError,
} from './validation';

describe('messages', () => {
  it('are the words of the spec', () => {
    expect(REQUIRED_MESSAGE).toBe('Ce champ est obligatoire');
    expect(EMAIL_MESSAGE).toBe('Veuillez saisir un email valide.');
    expect(PHONE_MESSAGE).toBe('Veuillez saisir un numéro de téléphone valide.');
    expect(PASSWORD_LENGTH_MESSAGE).toBe(
      'Le mot de passe doit contenir au moins 8 caractères. Les espaces en début et fin de texte seront ignorés.',
    );
    expect(PASSWORD_CLASSES_MESSAGE).toBe(
      'Le mot de passe doit comporter au minimum 3 classes de caractères. Les classes de caractères sont les suivantes : minuscules, majuscules, chiffres, caractères spéciaux.',
    );
    expect(PASSWORD_CONFIRMATION_MESSAGE).toBe('Les mots de passe ne sont pas identiques.');
  });
});

describe('capMessage', () => {
  it('cuts messages to 256 characters', () => {
    expect(capMessage('a'.repeat(300))).toHaveLength(256);
    expect(capMessage('a'.repeat(256))).toHaveLength(256);
    expect(capMessage('Erreur')).toBe('Erreur');
  });
});

describe('requiredError', () => {
  it('rejects empty and blank values', () => {
    expect(requiredError('')).toBe(REQUIRED_MESSAGE);
    expect(requiredError('   ')).toBe(REQUIRED_MESSAGE);
    expect(requiredError(undefined)).toBe(REQUIRED_MESSAGE);
    expect(requiredError(null)).toBe(REQUIRED_MESSAGE);
    expect(requiredError('x')).toBeNull();
  });
});

describe('email', () => {
  it('accepts usual addresses, surrounding spaces ignored', () => {
    for (const email of ['jean.dupont@example.fr', 'j+news@sub.example.co.uk', " o'neil@cabinet-x.com "]) {
      expect(isValidEmail(email)).toBe(true);
      expect(emailError(email)).toBeNull();
    }
  });

  it('rejects malformed addresses', () => {
    for (const email of [
      'jean',
      'jean@',
      '@example.fr',
      'jean@example',
      'jean dupont@example.fr',
      'jean..dupont@example.fr',
      '.jean@example.fr',
      'jean@-example.fr',
      'jean@example.f',
      `${'a'.repeat(250)}@example.fr`,
    ]) {
      expect(isValidEmail(email)).toBe(false);
      expect(emailError(email)).toBe(EMAIL_MESSAGE);
    }
  });

  it('leaves empty values to the required check', () => {
    expect(emailError('')).toBeNull();
  });
});

describe('phone', () => {
  it('accepts French forms', () => {
    for (const phone of [
      '0123456789',
      '01 23 45 67 89',
      '01.23.45.67.89',
      '06-12-34-56-78',
      '+33 1 23 45 67 89',
      '+33 (0)1 23 45 67 89',
      '0033123456789',
    ]) {
      expect(isValidPhone(phone)).toBe(true);
      expect(phoneError(phone)).toBeNull();
    }
  });

  it('accepts international forms', () => {
    for (const phone of ['+44 20 7946 0958', '+1 (212) 555-0100', '0049 30 1234567', '+225 07 12 34 56 78']) {
      expect(isValidPhone(phone)).toBe(true);
    }
  });

  it('rejects other values', () => {
    for (const phone of [
      '123',
      '1234567890',
      '012345678',
      '01234567890',
      '+33 1 23 45 67',
      '+33 0 23 45 67 89',
      'abc',
      '+1234',
      '06 12 34 56 7a',
    ]) {
      expect(isValidPhone(phone)).toBe(false);
      expect(phoneError(phone)).toBe(PHONE_MESSAGE);
    }
  });

  it('leaves empty values to the required check', () => {
    expect(phoneError(' ')).toBeNull();
  });
});

describe('password', () => {
  it('needs 8 characters once trimmed', () => {
    expect(passwordError('Ab1!xyz')).toBe(PASSWORD_LENGTH_MESSAGE);
    expect(passwordError('  Ab1!xyz  ')).toBe(PASSWORD_LENGTH_MESSAGE);
    expect(passwordError('Ab1!wxyz')).toBeNull();
  });

  it('needs all four character classes', () => {
    expect(passwordError('abcdefgh1!')).toBe(PASSWORD_CLASSES_MESSAGE);
    expect(passwordError('ABCDEFGH1!')).toBe(PASSWORD_CLASSES_MESSAGE);
    expect(passwordError('Abcdefgh!!')).toBe(PASSWORD_CLASSES_MESSAGE);
    // Three classes are not enough, whatever the message says.
    expect(passwordError('Abcdefgh12')).toBe(PASSWORD_CLASSES_MESSAGE);
    expect(passwordError('Éléphant7$')).toBeNull();
    expect(hasAllPasswordClasses('aB3 ')).toBe(true);
    expect(hasAllPasswordClasses('aB3')).toBe(false);
  });

  it('checks the length before the classes', () => {
    expect(passwordError('abc')).toBe(PASSWORD_LENGTH_MESSAGE);
  });

  it('leaves empty values to the required check', () => {
    expect(passwordError('')).toBeNull();
  });

  it('needs a confirmation equal to the password, ends trimmed', () => {
    expect(confirmationError('Ab1!wxyz', 'Ab1!wxyz')).toBeNull();
    expect(confirmationError('Ab1!wxyz', ' Ab1!wxyz ')).toBeNull();
    expect(confirmationError('Ab1!wxyz', 'Ab1!wxyZ')).toBe(PASSWORD_CONFIRMATION_MESSAGE);
  });
});
