import { describe, expect, it } from 'vitest';
import { WRONG_PASSWORD_MESSAGE } from '@/server/accounts/account';
import { accountNotice, accountOutcomePath } from './account-outcomes';
import { resetMessage } from './reset-outcomes';

describe('Mon compte outcomes', () => {
  it('sends a success back as a code and shows its message in its section', () => {
    const path = accountOutcomePath('profil', { ok: 'profil-enregistre' });
    expect(path).toBe('/mon-compte?section=profil&ok=profil-enregistre#profil');
    const query = Object.fromEntries(new URL(path, 'http://x').searchParams);
    expect(accountNotice(query)).toEqual({
      section: 'profil',
      kind: 'success',
      message: 'Votre profil est enregistré.',
    });
  });

  it('sends a refusal as its code, never as text', () => {
    const path = accountOutcomePath('suppression', { error: 'wrong_password' });
    expect(path).toBe('/mon-compte?section=suppression&erreur=wrong_password#suppression');
    const query = Object.fromEntries(new URL(path, 'http://x').searchParams);
    expect(accountNotice(query)).toMatchObject({ kind: 'error', message: WRONG_PASSWORD_MESSAGE });
  });

  it('shows the generic error by its code, and nothing for a crafted query', () => {
    const path = accountOutcomePath('profil', { error: 'form_error' });
    const query = Object.fromEntries(new URL(path, 'http://x').searchParams);
    expect(accountNotice(query)?.message).toBe('une erreur est survenue');
    expect(accountNotice({ section: 'profil', ok: '<script>' })).toBeNull();
    expect(accountNotice({ section: 'inconnue', ok: 'profil-enregistre' })).toBeNull();
    expect(accountNotice({ section: 'profil', erreur: 'Un message inventé' })).toBeNull();
    expect(accountNotice({ section: 'profil', erreur: 'toString' })).toBeNull();
  });
});

describe('password reset outcomes', () => {
  it('shows the message of a success or refusal code, and nothing for anything else', () => {
    expect(resetMessage('envoye')).toMatchObject({ kind: 'success' });
    expect(resetMessage('email')).toEqual({ kind: 'error', message: 'Veuillez saisir un email valide.' });
    expect(resetMessage('invalid_reset_link')?.message).toMatch(
      /^Ce lien de réinitialisation n’est plus valable/,
    );
    expect(resetMessage('autre chose')).toBeNull();
    expect(resetMessage('toString')).toBeNull();
    expect(resetMessage(['envoye'])).toBeNull();
  });
});
