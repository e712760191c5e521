import { describe, expect, it } from 'vitest';
import { sendQuestion } from './newsletter-pages';

describe('sendQuestion', () => {
  it('names the audience of a send now and of a schedule', () => {
    const campaign = { subject: 'La Quotidienne du 2 décembre', audience: 3 };
    expect(sendQuestion(campaign, null)).toBe(
      'Envoyer « La Quotidienne du 2 décembre » maintenant à 3 abonnés confirmés ?',
    );
    expect(sendQuestion({ ...campaign, audience: 1 }, '2026-12-03T07:00:00.000Z')).toMatch(
      /^Programmer l’envoi de « La Quotidienne du 2 décembre » à 1 abonné confirmé le .*3.*12.*2026.* \?$/,
    );
  });
});
