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
    const load = (given: AbortSignal) => {
      signal = given;
      return new Promise((_, reject) => {
        fail = reject;
      });
    };
    const { unmount } = renderHook(() => useLoad(load, onError));
    unmount();
    expect(signal?.aborted).toBe(true);
    fail(new DOMException('Aborted', 'AbortError'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(onError).not.toHaveBeenCalled();
  });
});
