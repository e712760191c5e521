import { describe, expect, it } from 'vitest';
import { isIndexable, metaDescription, newsArticleJsonLd, robotsFor } from './seo';

describe('robots rules', () => {
  it('indexes only in production', () => {
    expect(isIndexable({ indexing: true })).toBe(true);
    expect(isIndexable({ indexing: false })).toBe(false);
  });

  it('does not index multi-thematic pages, Themes_Gateway articles and content before 2022-03-01', () => {
    expect(isIndexable({ indexing: true, multiThematic: true })).toBe(false);
    expect(isIndexable({ indexing: true, additionalProperties: { Themes_Gateway: 'x' } })).toBe(false);
    expect(isIndexable({ indexing: true, additionalProperties: { seoTitle: 'x' } })).toBe(true);
    expect(isIndexable({ indexing: true, publicationDate: '2022-02-28T12:00:00Z' })).toBe(false);
    expect(isIndexable({ indexing: true, publicationDate: '2022-03-01T08:00:00Z' })).toBe(true);
  });

  it('always carries the preview directives', () => {
    expect(robotsFor({ indexing: false })).toMatchObject({
      index: false,
      'max-snippet': -1,
      'max-image-preview': 'large',
      'max-video-preview': -1,
    });
  });
});

describe('structured data', () => {
  it('cuts meta descriptions at 270 characters', () => {
    const long = 'mot '.repeat(200);
    expect(metaDescription(long).length).toBeLessThanOrEqual(270);
  });

  it('marks gated content as not free with a hasPart', () => {
    const data = newsArticleJsonLd({
      title: 'T',
      description: 'D',
      path: '/actualite/t_1',
      publicationDate: '2026-01-01T00:00:00Z',
      gated: true,
    });
    expect(data).toMatchObject({ '@type': 'NewsArticle', isAccessibleForFree: false });
    expect(data.hasPart).toMatchObject({ isAccessibleForFree: false });
    const free = newsArticleJsonLd({
      title: 'T',
      description: 'D',
      path: '/actualite/t_1',
      publicationDate: '2026-01-01T00:00:00Z',
      gated: false,
    });
    expect(free).toMatchObject({ isAccessibleForFree: true });
    expect(free.hasPart).toBeUndefined();
  });
});
