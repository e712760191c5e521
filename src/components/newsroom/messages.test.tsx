// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { ErrorAlert, Loading, StatusNotice } from './messages';

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
});
