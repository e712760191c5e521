import { describe, expect, it } from 'vitest';
import { articleEditPath, articleIdOfEditPath, NEWSROOM_PATHS } from './paths';

describe('articleIdOfEditPath', () => {
  it('reads the id of an editor address, and none of the new article’s or another page', () => {
    expect(articleIdOfEditPath(articleEditPath('R1A2B3C'))).toBe('R1A2B3C');
    expect(articleIdOfEditPath(NEWSROOM_PATHS.newArticle)).toBeNull();
    expect(articleIdOfEditPath('/redaction/articles/R1/revisions')).toBeNull();
    expect(articleIdOfEditPath(NEWSROOM_PATHS.articles)).toBeNull();
  });
});
