import { describe, expect, test } from 'vitest';
import { roleAllows, type StaffRole } from '@/lib/contracts/admin';
import { deleteDraftQuestion, mayDeleteDraft } from './delete-draft';

const JOURNALIST = 7;
const can = (role: StaffRole) => (permission: Parameters<typeof roleAllows>[1]) =>
  roleAllows(role, permission);
const article = (
  status: 'draft' | 'in_review' | 'scheduled' | 'published' | 'unpublished',
  overrides = {},
) => ({
  status,
  publishedVersion: null,
  createdBy: { id: JOURNALIST, name: 'Camille Martin' },
  ...overrides,
});

describe('mayDeleteDraft', () => {
  test('a journalist deletes their own drafts, not someone else’s nor one in review', () => {
    expect(mayDeleteDraft(article('draft'), JOURNALIST, can('redacteur'))).toBe(true);
    expect(mayDeleteDraft(article('draft'), 8, can('redacteur'))).toBe(false);
    expect(mayDeleteDraft(article('in_review'), JOURNALIST, can('redacteur'))).toBe(false);
  });

  test('an editor deletes any draft or article in review; nobody one readers have seen or a scheduled one', () => {
    expect(mayDeleteDraft(article('draft'), 1, can('editeur'))).toBe(true);
    expect(mayDeleteDraft(article('in_review'), 1, can('editeur'))).toBe(true);
    expect(mayDeleteDraft(article('scheduled'), 1, can('editeur'))).toBe(false);
    expect(mayDeleteDraft(article('unpublished', { publishedVersion: 3 }), 1, can('administrateur'))).toBe(
      false,
    );
    expect(mayDeleteDraft(article('draft', { publishedVersion: 2 }), JOURNALIST, can('editeur'))).toBe(false);
  });
});

test('the confirmation names the draft and says it can be restored for 30 days', () => {
  expect(deleteDraftQuestion('Réforme de la TVA')).toBe(
    'Supprimer le brouillon « Réforme de la TVA » ? Il restera 30 jours dans la corbeille, d’où il pourra être restauré.',
  );
});
