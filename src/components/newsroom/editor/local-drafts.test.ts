// @vitest-environment happy-dom
import { beforeEach, describe, expect, test } from 'vitest';
import { emptyDraft } from './draft';
import { forgetLocal, keepLocally, readLocal } from './local-drafts';

beforeEach(() => localStorage.clear());

describe('edits kept in the browser until the server has them', () => {
  test('kept, read back with the version they started from, then forgotten', () => {
    const draft = { ...emptyDraft(), title: 'Brouillon hors ligne' };
    expect(keepLocally('a-1', draft, 4)).toBe(true);
    const kept = readLocal('a-1');
    expect(kept?.baseVersion).toBe(4);
    expect(kept?.draft.title).toBe('Brouillon hors ligne');
    expect(readLocal('a-2')).toBeNull();
    forgetLocal('a-1');
    expect(readLocal('a-1')).toBeNull();
  });

  test('a corrupted entry is ignored, not thrown', () => {
    localStorage.setItem('redaction:modifications:a-1', '{not json');
    expect(readLocal('a-1')).toBeNull();
    localStorage.setItem('redaction:modifications:a-1', JSON.stringify({ baseVersion: 'x' }));
    expect(readLocal('a-1')).toBeNull();
  });

  test('a full storage does not break the editor', () => {
    const full = {
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
    } as unknown as Storage;
    expect(keepLocally('a-1', emptyDraft(), 1, full)).toBe(false);
  });
});
