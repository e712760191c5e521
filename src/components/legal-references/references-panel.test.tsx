// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { ReferencesPanel } from './references-panel';

const fetchMock = vi.fn<typeof fetch>();

const ANSWER = {
  references: [
    {
      kind: 'code',
      key: 'code:code-du-travail:l1233-3',
      label: 'Article L. 1233-3 du Code du travail',
      display: 'L. 1233-3',
      url: 'https://www.legifrance.gouv.fr/search/code?query=L1233-3',
      path: '/textes/code-du-travail/article-l1233-3',
      start: 13,
      end: 22,
    },
  ],
  unresolved: [{ display: 'article 39 du C.', start: 40, end: 56 }],
};

beforeEach(() => {
  vi.useFakeTimers();
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => Response.json(ANSWER));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

test('sends the article’s text once typing pauses and lists what the server found', async () => {
  const { rerender } = render(<ReferencesPanel parts={['Titre', '<p>Voir l’article L. 1233-3</p>']} />);
  rerender(<ReferencesPanel parts={['Titre', '<p>Voir l’article L. 1233-3 du code du travail</p>']} />);
  expect(fetchMock).not.toHaveBeenCalled();
  await act(async () => {
    await vi.advanceTimersByTimeAsync(800);
  });
  // One call, for the last text, as plain text.
  expect(fetchMock).toHaveBeenCalledTimes(1);
  const [url, init] = fetchMock.mock.calls[0] ?? [];
  expect(String(url)).toBe('/api/admin/references/detect');
  expect(JSON.parse(String(init?.body))).toEqual({
    text: 'Titre\nVoir l’article L. 1233-3 du code du travail',
  });
  const link = screen.getByRole('link', { name: 'Article L. 1233-3 du Code du travail' });
  expect(link.getAttribute('href')).toBe(ANSWER.references[0]?.url);
  expect(link.getAttribute('rel')).toBe('noopener external');
  expect(screen.getByRole('status').textContent).toBe('1 référence détectée.');
  expect(screen.getByRole('list', { name: 'Références non résolues' }).textContent).toContain(
    'article 39 du C.',
  );
});

test('says so when the server cannot be reached', async () => {
  fetchMock.mockRejectedValue(new TypeError('network'));
  render(<ReferencesPanel parts={['Rien']} />);
  await act(async () => {
    await vi.advanceTimersByTimeAsync(800);
  });
  expect(screen.getByRole('status').textContent).toMatch(/injoignable/);
});
