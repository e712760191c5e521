// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { ErrorAlert, LiveNotice, Loading, PageMessages, StatusNotice } from './messages';

afterEach(cleanup);

describe('messages', () => {
  test('render nothing without a message', () => {
    const { container } = render(
      <>
        <ErrorAlert message={null} />
        <StatusNotice message="" />
      </>,
    );
    expect(container.innerHTML).toBe('');
  });

  test('an alert, a status and the loading placeholder', () => {
    render(
      <>
        <ErrorAlert id="erreur" message="Refusé." />
        <StatusNotice message="Enregistré." />
        <Loading />
      </>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Refusé.');
    expect(screen.getByRole('alert').id).toBe('erreur');
    expect(screen.getAllByRole('status').map((node) => node.textContent)).toEqual([
      'Enregistré.',
      'Chargement...',
    ]);
  });

  test('a live notice region is there before its message', () => {
    const { rerender } = render(<LiveNotice message={null} />);
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('');
    rerender(<LiveNotice message="Envoi lancé." />);
    expect(screen.getByRole('status')).toBe(region);
    expect(region.textContent).toBe('Envoi lancé.');
  });

  test('page messages: the error with the server’s field details, and the notice', () => {
    const { rerender } = render(
      <PageMessages error="Requête invalide." notice={null} details={['title : trop long', 'lead : vide']} />,
    );
    const alert = screen.getByRole('alert');
    expect(alert.querySelector('p')?.textContent).toBe('Requête invalide.');
    expect([...alert.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      'title : trop long',
      'lead : vide',
    ]);
    expect(screen.getByRole('status').textContent).toBe('');

    rerender(<PageMessages error={null} notice="Enregistré." />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Enregistré.');
  });
});
