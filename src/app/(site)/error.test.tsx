// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { LoadingStatus } from '@/components/ui/loading-status';
import GlobalError from '../global-error';
import ErrorPage from './error';

afterEach(cleanup);

describe('error screens', () => {
  test('a rendering error shows an error panel with its message, and a retry', () => {
    const reset = vi.fn();
    render(<ErrorPage error={new Error('Base indisponible')} reset={reset} />);
    expect(screen.getByRole('alert').textContent).toContain('Base indisponible');
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(reset).toHaveBeenCalled();
  });

  test("without a message the panel says 'global app error'", () => {
    render(<ErrorPage error={new Error('')} reset={() => {}} />);
    expect(screen.getByRole('alert').textContent).toContain('global app error');
  });

  test('a global error replaces the document with the panel', () => {
    const html = renderToStaticMarkup(<GlobalError error={new Error('')} />);
    expect(html).toContain('lang="fr"');
    expect(html).toContain('global app error');
  });

  test("the loading fallback reads 'Chargement...'", () => {
    render(<LoadingStatus />);
    expect(screen.getByRole('status').textContent).toBe('Chargement...');
  });
});
