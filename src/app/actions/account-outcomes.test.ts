import { describe, expect, it } from 'vitest';
import { WRONG_PASSWORD_MESSAGE } from '@/server/accounts/account';
import { accountNotice, accountOutcomePath } from './account-outcomes';
import { resetMessage, resetMessageCode } from './reset-outcomes';

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

  it('sends a refusal as the index of a known message, never as text', () => {
    const path = accountOutcomePath('suppression', { error: WRONG_PASSWORD_MESSAGE });
    expect(path).not.toContain('incorrect');
    const query = Object.fromEntries(new URL(path, 'http://x').searchParams);
    expect(accountNotice(query)).toMatchObject({ kind: 'error', message: WRONG_PASSWORD_MESSAGE });
  });

  it('shows an unknown refusal as the generic error, and nothing for a crafted query', () => {
    const path = accountOutcomePath('profil', { error: 'Un message inconnu' });
    const query = Object.fromEntries(new URL(path, 'http://x').searchParams);
    expect(accountNotice(query)?.message).toBe('une erreur est survenue');
    expect(accountNotice({ section: 'profil', ok: '<script>' })).toBeNull();
    expect(accountNotice({ section: 'inconnue', ok: 'profil-enregistre' })).toBeNull();
    expect(accountNotice({ section: 'profil', erreur: '9999' })).toBeNull();
  });
});

describe('password reset outcomes', () => {
  it('maps messages to codes and back', () => {
    expect(resetMessage(resetMessageCode('Veuillez saisir un email valide.'))).toEqual({
      kind: 'error',
      message: 'Veuillez saisir un email valide.',
    });
    expect(resetMessageCode('autre chose')).toBe('erreur');
    expect(resetMessage('toString')).toBeNull();
    expect(resetMessage(['envoye'])).toBeNull();
  });
});
