// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ArchivePageData } from '@/lib/contracts/reader-pages';
import { ArchiveView } from './archive-view';

vi.mock('next/navigation', () => ({ useRouter: () => ({ push: vi.fn() }) }));

afterEach(cleanup);

function data(overrides: Partial<ArchivePageData> = {}): ArchivePageData {
  return {
    selection: { year: 2026, month: 3, page: 1 },
    years: [2015, 2016, 2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025, 2026],
    months: Array.from({ length: 12 }, (_, index) => ({
      month: index + 1,
      value: String(index + 1).padStart(2, '0'),
      total: index < 4 ? 10 : 0,
      disabled: index + 1 > 4,
    })),
    news: [],
    pageCount: 0,
    ...overrides,
  };
}

describe('archive view', () => {
  it('says Aucun Résultat for an empty month, without page links', () => {
    render(<ArchiveView data={data()} siteUrl="https://www.example.fr" />);
    expect(screen.getByRole('status').textContent).toBe('Aucun Résultat');
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('links the years and the months up to the current one, disabling the later ones', () => {
    render(<ArchiveView data={data()} siteUrl="https://www.example.fr" />);
    const years = within(screen.getByRole('navigation', { name: 'Années des archives' })).getAllByRole(
      'link',
    );
    expect(years[0]?.getAttribute('href')).toBe('/archives/2015/01');
    expect(years.at(-1)?.getAttribute('aria-current')).toBe('page');
    const months = within(screen.getByRole('navigation', { name: 'Mois de 2026' }));
    expect(months.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/archives/2026/01',
      '/archives/2026/02',
      '/archives/2026/03',
      '/archives/2026/04',
    ]);
    expect(months.getByRole('link', { name: /mars/ }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByText('mai').getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByLabelText('Année')).toBeTruthy();
  });

  it('shows page links with the canonical archive paths', () => {
    render(
      <ArchiveView
        data={data({ selection: { year: 2026, month: 3, page: 2 }, pageCount: 3 })}
        siteUrl="https://www.example.fr"
      />,
    );
    const pages = within(screen.getByRole('navigation', { name: 'Pagination' }));
    expect(pages.getByRole('link', { name: 'Page 1' }).getAttribute('href')).toBe('/archives/2026/03');
    expect(pages.getByRole('link', { name: 'Page 3' }).getAttribute('href')).toBe('/archives/2026/03/3');
    expect(pages.getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
  });
});
