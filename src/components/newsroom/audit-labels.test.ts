import { describe, expect, test } from 'vitest';
import { AUDIT_ACTION_LABELS, auditDetailLines } from './audit-labels';

describe('the journal in French', () => {
  test('an action’s label, and details as readable lines with Paris times', () => {
    expect(AUDIT_ACTION_LABELS['article.schedule']).toBe('Publication programmée');
    expect(
      auditDetailLines({ at: '2026-12-02T07:00:00.000Z', wasLive: true, title: 'Barème', count: 12 }),
    ).toEqual(['Date : 02/12/2026 08:00', 'Était en ligne : oui', 'Titre : Barème', 'count : 12']);
  });
});
