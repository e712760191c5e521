import { describe, expect, it } from 'vitest';
import { frenchPercent } from './campaign-results';
import { addedNotice } from './subscriber-additions';
import { resubscribeQuestion, unsubscribeQuestion } from './subscribers-page';

describe('unsubscribeQuestion', () => {
  it('asks before unsubscribing, and says how the address comes back', () => {
    expect(unsubscribeQuestion('jeanne@example.fr')).toBe(
      'Désinscrire jeanne@example.fr de la newsletter ? Cette adresse ne la recevra plus ; pour la réinscrire, il faudra qu’elle confirme à nouveau par e-mail.',
    );
  });
});

describe('resubscribeQuestion', () => {
  it('asks before offering to come back, and says nothing changes until the person confirms', () => {
    expect(resubscribeQuestion('jeanne@example.fr')).toBe(
      'Proposer à jeanne@example.fr de se réinscrire ? Un e-mail de confirmation lui sera envoyé ; l’adresse ne recevra la newsletter qu’après avoir cliqué sur son lien.',
    );
  });
});

describe('addedNotice', () => {
  it('says whether the address is subscribed or waits for its confirmation', () => {
    expect(addedNotice('a@example.fr', 'subscribed')).toBe(
      'a@example.fr est abonné(e), avec la preuve de consentement enregistrée.',
    );
    expect(addedNotice('a@example.fr', 'confirmation_sent')).toMatch(
      /^E-mail de confirmation envoyé à a@example\.fr : l’abonnement commencera/,
    );
  });
});

describe('frenchPercent', () => {
  it('writes a rate the French way, one decimal at most', () => {
    expect(frenchPercent(66.7).replace(/\s/g, ' ')).toBe('66,7 %');
    expect(frenchPercent(25)).toBe('25 %');
  });
});
