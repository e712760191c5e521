// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { DataTable, FilterActions, FilterSelect, Pager, searchParamsOf } from './list-parts';

afterEach(cleanup);

const href = (page: number) => `/redaction?page=${page}`;

describe('DataTable', () => {
  test('column headers, a hidden caption and a last column named for screen readers', () => {
    render(
      <DataTable columns={['Nom', 'Rôle']} actions caption="Comptes">
        <tr>
          <td>Marie</td>
          <td>Admin</td>
          <td>-</td>
        </tr>
      </DataTable>,
    );
    const table = screen.getByRole('table', { name: 'Comptes' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['Nom', 'Rôle', 'Actions']);
    expect(headers.every((header) => header.getAttribute('scope') === 'col')).toBe(true);
    expect(within(table).getByRole('cell', { name: 'Marie' })).toBeTruthy();
  });

  test('its scrolling frame is reachable by keyboard and named after the table', () => {
    render(
      <DataTable columns={['Quand', 'Détails']}>
        <tr>
          <td>hier</td>
          <td>{'x'.repeat(500)}</td>
        </tr>
      </DataTable>,
    );
    const frame = screen.getByRole('region', { name: 'Tableau : Quand, Détails' });
    expect(frame.tabIndex).toBe(0);
    expect(frame.querySelector('table')).toBeTruthy();
  });

  test('a visible heading for the last column when given', () => {
    render(
      <DataTable columns={['Adresse']} actions actionsHeading="Action">
        <tr>
          <td>/a</td>
          <td>-</td>
        </tr>
      </DataTable>,
    );
    const last = screen.getAllByRole('columnheader').at(-1);
    expect(last?.textContent).toBe('Action');
    expect(last?.querySelector('.visually-hidden')).toBeNull();
  });

  test('without actions nor caption, only the columns', () => {
    render(
      <DataTable columns={['Quand']}>
        <tr>
          <td>hier</td>
        </tr>
      </DataTable>,
    );
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Quand']);
    expect(document.querySelector('caption')).toBeNull();
  });
});

describe('Pager', () => {
  test('nothing for a single page', () => {
    const { container } = render(<Pager label="Pages" list={{ page: 1, pageCount: 1 }} href={href} />);
    expect(container.innerHTML).toBe('');
  });

  test('a middle page links both ways and may say where it stands', () => {
    render(<Pager label="Pages du journal" list={{ page: 2, pageCount: 3 }} href={href} showPosition />);
    const nav = screen.getByRole('navigation', { name: 'Pages du journal' });
    expect(within(nav).getByRole('link', { name: 'Page précédente' }).getAttribute('href')).toBe(href(1));
    expect(within(nav).getByRole('link', { name: 'Page suivante' }).getAttribute('href')).toBe(href(3));
    expect(nav.textContent).toContain('Page 2 sur 3');
  });

  test('the last page has no next link and shows what stands after it', () => {
    render(
      <Pager label="Pages" list={{ page: 3, pageCount: 3 }} href={href} afterLast={<span>Affinez.</span>} />,
    );
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(nav).queryByRole('link', { name: 'Page suivante' })).toBeNull();
    expect(nav.textContent).toBe('Page précédenteAffinez.');
  });
});

describe('Pager with onPage (a page kept in state)', () => {
  test('buttons both ways, disabled at either end, and the position', () => {
    const onPage = vi.fn();
    const { rerender } = render(
      <Pager label="Pages" list={{ page: 1, pageCount: 3 }} onPage={onPage} showPosition />,
    );
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    const previous = within(nav).getByRole('button', { name: 'Page précédente' }) as HTMLButtonElement;
    const next = within(nav).getByRole('button', { name: 'Page suivante' }) as HTMLButtonElement;
    expect(within(nav).queryByRole('link')).toBeNull();
    expect(previous.disabled).toBe(true);
    expect(next.disabled).toBe(false);
    expect(nav.textContent).toContain('Page 1 sur 3');
    fireEvent.click(next);
    expect(onPage).toHaveBeenLastCalledWith(2);

    rerender(<Pager label="Pages" list={{ page: 3, pageCount: 3 }} onPage={onPage} showPosition />);
    expect((screen.getByRole('button', { name: 'Page suivante' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Page précédente' }));
    expect(onPage).toHaveBeenLastCalledWith(2);
  });

  test('nothing for a single page', () => {
    const { container } = render(<Pager label="Pages" list={{ page: 1, pageCount: 1 }} onPage={() => {}} />);
    expect(container.innerHTML).toBe('');
  });
});

test('FilterActions: a submit button and a reset link', () => {
  render(<FilterActions resetHref="/redaction/journal" />);
  expect(screen.getByRole('button', { name: 'Filtrer' }).getAttribute('type')).toBe('submit');
  expect(screen.getByRole('link', { name: 'Réinitialiser' }).getAttribute('href')).toBe('/redaction/journal');
});

test('FilterSelect: its first option sets no filter; no current value selects it', () => {
  render(
    <FilterSelect
      label="Statut"
      name="status"
      defaultValue={null}
      all="Tous"
      options={[{ value: 'draft', label: 'Brouillon' }]}
    />,
  );
  const select = screen.getByLabelText('Statut') as HTMLSelectElement;
  expect(select.name).toBe('status');
  expect([...select.options].map((option) => [option.value, option.textContent])).toEqual([
    ['', 'Tous'],
    ['draft', 'Brouillon'],
  ]);
  expect(select.value).toBe('');
});

test('searchParamsOf: the named, non-empty fields, trimmed, in the order named', () => {
  const form = new FormData();
  form.set('author', '  Durand ');
  form.set('q', 'impôt');
  form.set('status', '   ');
  form.set('other', 'x');
  expect(searchParamsOf(form, ['q', 'status', 'author']).toString()).toBe('q=imp%C3%B4t&author=Durand');
});
