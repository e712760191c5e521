// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NewsItem } from '@/lib/contracts/content';
import { groupByThematic, RatesList } from './rates-list';

function item(id: string, thematic?: string): NewsItem {
  return {
    id,
    type: 'chiffres-taux',
    title: `Taux ${id}`,
    summary: '',
    slug: `taux-${id}`,
    format: null,
    topics: [],
    thematics: thematic
      ? [{ label: thematic, slug: thematic.toLowerCase(), id: thematic, shortId: thematic }]
      : [],
    trades: [],
    images: [],
    author: null,
    author_function: null,
    publication_date: '2026-05-01T08:00:00.000Z',
    update_date: null,
    enriched_news_id: null,
    additionalProperties: {},
    attachments: [],
  };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('figures and rates list', () => {
  it('groups items by their first thematic in order of appearance', () => {
    const groups = groupByThematic([item('1', 'Paie'), item('2', 'TVA'), item('3', 'Paie'), item('4')]);
    expect(groups.map((group) => [group.label, group.items.map((entry) => entry.id)])).toEqual([
      ['Paie', ['1', '3']],
      ['TVA', ['2']],
      ['Autres chiffres et taux', ['4']],
    ]);
  });

  it('shows the date the server wrote for its first items', () => {
    render(
      <RatesList
        initial={[{ ...item('6', 'Paie'), dateLabel: '1er mai 2026' }]}
        hasMore={false}
        filter={{ type: 'chiffres-taux' }}
      />,
    );
    expect(screen.getByText('1er mai 2026').getAttribute('datetime')).toBe('2026-05-01T08:00:00.000Z');
  });

  it('loads 10 more after the first 20 (page 3 of 10) and appends them to their groups', async () => {
    const fetchMock = vi.fn(async () =>
      Response.json({ news: [item('21', 'TVA'), item('22', 'Social')], thematics: [] }),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(
      <RatesList
        initial={[item('6', 'Paie'), item('7', 'TVA')]}
        hasMore
        filter={{ type: 'chiffres-taux' }}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Voir plus de chiffres et taux' }));
    await waitFor(() => expect(screen.getByText('Taux 22')).toBeTruthy());
    const url = new URL(String((fetchMock.mock.calls[0] as unknown[])[0]), 'http://localhost');
    expect(url.pathname).toBe('/api/article/summary');
    expect(url.searchParams.get('limit')).toBe('10');
    expect(url.searchParams.get('page')).toBe('3');
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Paie',
      'TVA',
      'Social',
    ]);
    // Two items came back for a batch of 10: nothing more to load.
    expect(screen.queryByRole('button', { name: 'Voir plus de chiffres et taux' })).toBeNull();
  });
});
