import { describe, expect, test } from 'vitest';
import { articleListStatus, hasUnpublishedChanges } from './article-labels';

// toLocaleString('fr-FR') groups thousands with a narrow no-break space.
const thousands = (value: number) => value.toLocaleString('fr-FR');

describe('the line above the article list', () => {
  test('an exact count says how many and on which page', () => {
    expect(articleListStatus({ total: 1, totalIsLowerBound: false, page: 1, pageCount: 1 })).toBe(
      '1 article, page 1 sur 1',
    );
    expect(articleListStatus({ total: 1100, totalIsLowerBound: false, page: 41, pageCount: 44 })).toBe(
      `${thousands(1100)} articles, page 41 sur 44`,
    );
  });

  test('a bounded count is said to be a lower bound, and so is the number of pages', () => {
    expect(articleListStatus({ total: 1000, totalIsLowerBound: true, page: 1, pageCount: 40 })).toBe(
      `Plus de ${thousands(1000)} articles, page 1 sur 40 ou plus`,
    );
    // Pages stop at the 10,000th match: their number is no longer a lower bound.
    expect(articleListStatus({ total: 10_000, totalIsLowerBound: true, page: 400, pageCount: 400 })).toBe(
      `Plus de ${thousands(10_000)} articles, page 400 sur 400`,
    );
  });

  test('no match says so', () => {
    expect(articleListStatus({ total: 0, totalIsLowerBound: false, page: 1, pageCount: 0 })).toBe(
      'Aucun article ne correspond à ces filtres.',
    );
  });
});

describe('hasUnpublishedChanges', () => {
  test('an online article changed since its publication has some; an unpublished one has none', () => {
    expect(hasUnpublishedChanges({ status: 'published', version: 17, publishedVersion: 16 })).toBe(true);
    expect(hasUnpublishedChanges({ status: 'published', version: 16, publishedVersion: 16 })).toBe(false);
    // "Dépublier" makes a new version: readers see nothing, not an older version.
    expect(hasUnpublishedChanges({ status: 'unpublished', version: 17, publishedVersion: 16 })).toBe(false);
    expect(hasUnpublishedChanges({ status: 'draft', version: 3, publishedVersion: null })).toBe(false);
  });
});
