// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import type { ArticleSummary } from '@/lib/contracts/content';
import { HomeNews } from './home-news';

afterEach(cleanup);

const news = (count: number): ArticleSummary[] =>
  Array.from({ length: count }, (_, index) => ({
    id: `n${index + 1}`,
    type: 'actualite',
    title: `Actualité ${index + 1}`,
    summary: `Résumé ${index + 1}`,
    slug: `actualite-${index + 1}`,
    format: null,
    topics: [],
    thematics: [],
    trades: [],
    images: [],
    author: null,
    author_function: null,
    publication_date: '2026-11-20T08:00:00.000Z',
    update_date: null,
    enriched_news_id: null,
    additionalProperties: {},
    attachments: [],
  }));

describe('HomeNews', () => {
  test('exactly 5 news: the alternate layout, no rows', () => {
    const { container } = render(<HomeNews news={news(5)} />);
    expect(container.querySelector('[data-layout]')?.getAttribute('data-layout')).toBe('five');
    expect(
      within(screen.getByRole('list', { name: 'Autres actualités du jour' })).getAllByRole('listitem'),
    ).toHaveLength(4);
    expect(screen.queryByRole('list', { name: 'Suite de l’actualité du jour' })).toBeNull();
  });

  test('8 news and more: main and side news, then rows with their summary from the 9th', () => {
    const { container } = render(<HomeNews news={news(11)} />);
    expect(container.querySelector('[data-layout]')?.getAttribute('data-layout')).toBe('eight');
    expect(
      within(screen.getByRole('list', { name: 'Autres actualités du jour' })).getAllByRole('listitem'),
    ).toHaveLength(7);
    const rows = screen.getByRole('list', { name: 'Suite de l’actualité du jour' });
    expect(within(rows).getAllByRole('listitem')).toHaveLength(3);
    expect(within(rows).getByText('Résumé 9')).toBeTruthy();
    expect(within(rows).getByRole('link', { name: 'Actualité 9' }).getAttribute('href')).toBe(
      '/actualite/actualite-9_n9',
    );
  });
});
