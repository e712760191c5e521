import { describe, expect, it } from 'vitest';
import { isNewsroomPath } from './newsroom-paths';

describe('isNewsroomPath', () => {
  it('covers the newsroom pages and the Admin API, nothing else', () => {
    for (const path of ['/redaction', '/redaction/articles/A1', '/api/admin', '/api/admin/session']) {
      expect(isNewsroomPath(path)).toBe(true);
    }
    for (const path of [
      '/',
      '/redactions',
      '/actualite/redaction_A1',
      '/api/administration',
      '/api/article/single',
    ]) {
      expect(isNewsroomPath(path)).toBe(false);
    }
  });
});
