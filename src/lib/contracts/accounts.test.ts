import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_FORM_MESSAGES,
  accountFormAnchor,
  emailChangeForm,
  forgotPasswordForm,
  formErrors,
  isMyAccountCode,
  loginForm,
  newPasswordForm,
  passwordChangeForm,
  profileForm,
  type RegistrationFieldCode,
  type RegistrationForm,
  registrationFieldCode,
  registrationForm,
} from './accounts';

const error = (code: keyof typeof ACCOUNT_FORM_MESSAGES) => ({ code, message: ACCOUNT_FORM_MESSAGES[code] });

describe('registrationForm', () => {
  const valid: RegistrationForm = {
    civility: '13',
    lastname: 'Dupont',
    firstname: 'Jeanne',
    email: 'jeanne.dupont@example.fr',
    password: 'Ab1!wxyz',
    confirmed: 'Ab1!wxyz',
    function: 'expertComptable',
    optin: false,
  };

  it('accepts a complete form', () => {
    expect(formErrors(registrationForm, valid)).toEqual({});
  });

  it('requires every field but optin, in form order', () => {
    const blank = Object.fromEntries(registrationFieldCode.options.map((code) => [code, ''])) as Record<
      RegistrationFieldCode,
      string
    >;
    const errors = formErrors(registrationForm, { ...blank, lastname: ' ', optin: false });
    expect(Object.keys(errors)).toEqual(registrationFieldCode.options.filter((code) => code !== 'optin'));
    expect(Object.values(errors)).toEqual(Array(7).fill(error('required')));
  });

  it('gives each field its first failed rule: e-mail, password length then classes, confirmation', () => {
    expect(
      formErrors(registrationForm, { ...valid, email: 'jeanne', password: 'abcdefgh', confirmed: 'autre' }),
    ).toEqual({
      email: error('email'),
      password: error('password_classes'),
      confirmed: error('password_confirmation'),
    });
    expect(formErrors(registrationForm, { ...valid, password: ' Ab1! ', confirmed: ' Ab1! ' })).toEqual({
      password: error('password_length'),
    });
  });

  it('compares the confirmation trimmed, as the password is used', () => {
    expect(formErrors(registrationForm, { ...valid, confirmed: ' Ab1!wxyz ' })).toEqual({});
  });
});

describe('loginForm', () => {
  it('requires e-mail and password and checks the e-mail', () => {
    expect(formErrors(loginForm, { email: '', password: '' })).toEqual({
      email: error('required'),
      password: error('required'),
    });
    expect(formErrors(loginForm, { email: 'x@', password: 'p' })).toEqual({ email: error('email') });
    expect(formErrors(loginForm, { email: 'x@example.fr', password: 'p' })).toEqual({});
  });
});

describe('accountFormAnchor', () => {
  it('names the outcome by its code, unique on the page', () => {
    const anchors = Object.keys(ACCOUNT_FORM_MESSAGES).map((code) =>
      accountFormAnchor(code as keyof typeof ACCOUNT_FORM_MESSAGES),
    );
    expect(new Set(anchors).size).toBe(anchors.length);
    expect(accountFormAnchor('invalid_credentials')).toBe('connexion-invalid_credentials');
  });
});

describe('Mon compte and password reset forms', () => {
  it('check a new password with the rules of registration and its confirmation, with codes', () => {
    expect(formErrors(newPasswordForm, { password: 'Ab1!wxyz', confirmed: 'Ab1!wxyz' })).toEqual({});
    expect(formErrors(newPasswordForm, { password: 'court', confirmed: '' })).toEqual({
      password: error('password_length'),
      confirmed: error('required'),
    });
    expect(formErrors(newPasswordForm, { password: 'abcdefgh', confirmed: 'abcdefgh' })).toEqual({
      password: error('password_classes'),
    });
    expect(
      formErrors(passwordChangeForm, { current: '', password: 'Ab1!wxyz', confirmed: 'Ab1!wxyZ' }),
    ).toEqual({ current: error('required'), confirmed: error('password_confirmation') });
  });

  it('check the address forms and the profile', () => {
    expect(formErrors(forgotPasswordForm, { email: 'pas-une-adresse' })).toEqual({ email: error('email') });
    expect(formErrors(emailChangeForm, { email: 'a@b.fr', password: ' ' })).toEqual({
      password: error('required'),
    });
    expect(
      formErrors(profileForm, { civility: '13', lastname: '', firstname: 'Jeanne', function: '' }),
    ).toEqual({ lastname: error('required'), function: error('required') });
  });

  it('knows the outcome codes a URL may carry, and nothing else', () => {
    expect(isMyAccountCode('wrong_password')).toBe(true);
    expect(isMyAccountCode('required')).toBe(true);
    expect(isMyAccountCode('toString')).toBe(false);
    expect(isMyAccountCode('Le mot de passe actuel est incorrect.')).toBe(false);
  });
});
