import { afterEach, describe, expect, it, vi } from 'vitest';
import { CANCELLED_SEARCH_MESSAGE, fetchSuggestions, isSubmittableSearch, wantsSuggestions } from './search';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('search client', () => {
  it('submits only a text holding a non-space character', () => {
    expect(isSubmittableSearch('   ')).toBe(false);
    expect(isSubmittableSearch('')).toBe(false);
    expect(isSubmittableSearch(' tva ')).toBe(true);
  });

  it('asks for suggestions from three characters', () => {
    expect(wantsSuggestions('im')).toBe(false);
    expect(wantsSuggestions('  im  ')).toBe(false);
    expect(wantsSuggestions('imp')).toBe(true);
  });

  it('makes no request under three characters', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    expect(await fetchSuggestions('ab')).toEqual([]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('answers null and logs when the call fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 500 })),
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await fetchSuggestions('impot')).toBeNull();
    expect(warn).toHaveBeenCalled();
  });

  it('cancels the previous request and logs the cancelled search', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise<Response>((resolve, reject) => {
            const timer = setTimeout(
              () => resolve(Response.json([{ value: 'x', formatedSuggestion: 'x' }])),
              20,
            );
            init.signal?.addEventListener('abort', () => {
              clearTimeout(timer);
              reject(new DOMException('aborted', 'AbortError'));
            });
          }),
      ),
    );
    const first = fetchSuggestions('impot');
    const second = fetchSuggestions('impots');
    expect(await first).toBeNull();
    expect(info).toHaveBeenCalledWith(CANCELLED_SEARCH_MESSAGE);
    expect(await second).toEqual([{ value: 'x', formatedSuggestion: 'x' }]);
  });
});
