import { describe, expect, test } from 'vitest';
import { restoredMessage } from './revisions-page';

describe('the message after a restore', () => {
  test('says that readers still see the published version until the update is published', () => {
    expect(restoredMessage(3, { version: 9, status: 'published', publishedVersion: 8 })).toBe(
      'Version 3 restaurée : c’est maintenant la version 9. Les lecteurs voient toujours la version en ligne (8) jusqu’à « Publier la mise à jour ».',
    );
  });

  test('says no more for an article readers do not see', () => {
    expect(restoredMessage(1, { version: 4, status: 'draft', publishedVersion: null })).toBe(
      'Version 1 restaurée : c’est maintenant la version 4.',
    );
  });
});
