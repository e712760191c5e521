// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { AccountProvider } from '@/components/account/account-provider';
import { SaveArticleToggle } from './save-article-toggle';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  // The hint the server sets beside the session cookie at login: the reader is asked about.
  // biome-ignore lint/suspicious/noDocumentCookie: the session hint cookie.
  document.cookie = 'quotidienne_connecte=1';
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SaveArticleToggle', () => {
  test('saves on a press, keeps the focus while saving and ignores a second press until the answer', async () => {
    let answerSave: (response: Response) => void = () => {};
    fetchMock.mockImplementation(async (url, init) => {
      const path = String(url);
      if (path.startsWith('/api/eshop/me')) return Response.json({ firstname: 'Marie', lastname: 'Curie' });
      if (init?.method === 'POST') return new Promise<Response>((resolve) => (answerSave = resolve));
      return Response.json({ articleId: 'A123', saved: false });
    });
    render(
      <AccountProvider forgotPasswordUrl="https://boutique.test/oubli">
        <SaveArticleToggle articleId="A123" />
      </AccountProvider>,
    );
    const button = await screen.findByRole('button', { name: 'Enregistrer' });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    button.focus();

    fireEvent.click(button);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(button);
    fireEvent.click(button);
    const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts()).toHaveLength(1);
    expect(JSON.parse(String(posts()[0]?.[1]?.body))).toEqual({ articleId: 'A123', saved: true });

    await act(async () => answerSave(Response.json({ articleId: 'A123', saved: true })));
    expect((await screen.findByRole('button', { name: 'Enregistré' })).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(button.getAttribute('aria-disabled')).toBe('false');
    expect(document.activeElement).toBe(button);
    expect(screen.getByRole('status').textContent).toBe('Retrouvez-le dans Mon compte.');
  });
});
