// @vitest-environment happy-dom
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { AdminApiError } from '@/client/admin';
import { useLoad } from './use-load';

describe('useLoad', () => {
  test('a failure reaches onError in French', async () => {
    const onError = vi.fn();
    const load = () => Promise.reject(new AdminApiError(404, 'not_found', 'Numéro introuvable.'));
    renderHook(() => useLoad(load, onError));
    await waitFor(() => expect(onError).toHaveBeenCalledWith('Numéro introuvable.'));
  });

  test('leaving the page aborts the load, and its failure then says nothing', async () => {
    const onError = vi.fn();
    let signal: AbortSignal | undefined;
    let fail: (reason: unknown) => void = () => {};
    const pending = new Promise((_, reject) => {
      fail = reject;
    });
    const load = (given: AbortSignal) => {
      signal = given;
      return pending;
    };
    const { unmount } = renderHook(() => useLoad(load, onError));
    unmount();
    expect(signal?.aborted).toBe(true);
    fail(new DOMException('Aborted', 'AbortError'));
    // The hook's handler was attached first, so it has run once this one has.
    await pending.catch(() => undefined);
    expect(onError).not.toHaveBeenCalled();
  });
});
