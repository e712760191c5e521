import { describe, expect, it } from 'vitest';
import { unsubscribeQuestion } from './subscribers-page';

describe('unsubscribeQuestion', () => {
  it('asks before unsubscribing, and says how the address comes back', () => {
    expect(unsubscribeQuestion('jeanne@example.fr')).toBe(
      'Désinscrire jeanne@example.fr de la newsletter ? Cette adresse ne la recevra plus ; pour la réinscrire, il faudra qu’elle confirme à nouveau par e-mail.',
    );
  });
});
