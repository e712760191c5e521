import { describe, expect, it } from 'vitest';
import { articleStatusSchema } from './admin';
import { codesWithLabels } from './coded-values';

describe('codesWithLabels', () => {
  const { codes, schema, labels } = codesWithLabels(
    { draft: 'Brouillon', sent: 'Envoyée', cancelled: 'Annulée' },
    'statut inconnu',
  );

  it('gives the codes in the order their labels are written', () => {
    expect(codes).toEqual(['draft', 'sent', 'cancelled']);
    expect(codes.map((code) => labels[code])).toEqual(['Brouillon', 'Envoyée', 'Annulée']);
  });

  it('accepts each code and refuses any other value with the French message given', () => {
    for (const code of codes) expect(schema.parse(code)).toBe(code);
    const refused = schema.safeParse('Brouillon');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('statut inconnu');
  });

  it('serves the newsroom contracts: an article status outside the workflow is refused', () => {
    expect(articleStatusSchema.safeParse('in_review').success).toBe(true);
    expect(articleStatusSchema.safeParse('archived').error?.issues[0]?.message).toBe('statut inconnu');
  });
});
