// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { AdminApiError } from '@/client/admin';
import { usePageMessages } from './form-errors';

const invalid = new AdminApiError(400, 'validation', 'Requête invalide.', [
  { field: 'title', message: 'trop long' },
]);

describe('usePageMessages', () => {
  test('run shows the notice the action returns, after clearing the last error', async () => {
    const { result } = renderHook(() => usePageMessages());
    await act(() =>
      result.current.run(async () => {
        throw invalid;
      }),
    );
    expect(result.current.error).toBe('Requête invalide.');
    expect(result.current.details).toEqual(['title : trop long']);

    await act(() => result.current.run(async () => 'Enregistré.'));
    expect(result.current).toMatchObject({ error: null, details: [], notice: 'Enregistré.' });
  });

  test('a failure after its context, fields named as the page says, anything else in general words', async () => {
    const { result } = renderHook(() => usePageMessages((field) => (field === 'title' ? 'Titre' : field)));
    await act(() =>
      result.current.run(async () => {
        throw invalid;
      }, 'Bannières'),
    );
    expect(result.current.error).toBe('Bannières : Requête invalide.');
    expect(result.current.details).toEqual(['Titre : trop long']);
    expect(result.current.notice).toBeNull();

    act(() => result.current.fail(new Error('boom')));
    expect(result.current.error).toBe('Une erreur inattendue est survenue.');
    expect(result.current.details).toEqual([]);
    act(() => result.current.clear());
    expect(result.current.error).toBeNull();
  });
});
