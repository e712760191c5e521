import { describe, expect, it } from 'vitest';
import { staffChangeQuestion } from './staff-page';

describe('staffChangeQuestion', () => {
  const member = { name: 'Marie Durand', role: 'redacteur' as const };

  it('asks before a new role or a closed account, which end the person’s sessions', () => {
    expect(staffChangeQuestion(member, { role: 'editeur' })).toBe(
      'Passer Marie Durand de Rédacteur à Éditeur ? Ses sessions ouvertes seront fermées : il lui faudra se reconnecter.',
    );
    expect(staffChangeQuestion(member, { active: false })).toMatch(/^Fermer le compte de Marie Durand \?/);
  });

  it('does not ask to reopen an account', () => {
    expect(staffChangeQuestion(member, { active: true })).toBeNull();
  });
});
