import { describe, expect, it } from 'vitest';
import { redirectFieldName, unsubscribeQuestion } from './site-admin-pages';

describe('redirectFieldName', () => {
  it('names a refused redirect’s fields as the form labels them', () => {
    expect(redirectFieldName('toPath')).toBe('Nouvelle adresse');
    expect(redirectFieldName('fromPath')).toBe('Ancienne adresse');
    expect(redirectFieldName('ligne 3')).toBe('ligne 3');
  });
});

describe('unsubscribeQuestion', () => {
  it('asks before unsubscribing, and says how the address comes back', () => {
    expect(unsubscribeQuestion('jeanne@example.fr')).toBe(
      'Désinscrire jeanne@example.fr de la newsletter ? Cette adresse ne la recevra plus ; pour la réinscrire, il faudra qu’elle confirme à nouveau par e-mail.',
    );
  });
});
