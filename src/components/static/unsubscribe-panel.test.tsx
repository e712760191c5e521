// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UNSUBSCRIBE_CONFIRMATION_SENT_MESSAGE } from '@/lib/contracts/newsletter-messages';
import { UnsubscribePanel } from './unsubscribe-panel';

const GENERIC = 'Une erreur est survenue, merci de ré-essayer ultérieurement';

function answer(status: number, body: string | null = null, type = 'text/plain') {
  const fetchMock = vi.fn(async () => new Response(body, { status, headers: { 'content-type': type } }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('unsubscribe page', () => {
  it('asks for a click without a valid token, then shows the server text of a 200', async () => {
    const fetchMock = answer(200, UNSUBSCRIBE_CONFIRMATION_SENT_MESSAGE);
    render(<UnsubscribePanel email="lecteur@example.fr" token={null} />);
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Confirmer la désinscription' }));
    expect((await screen.findByText(UNSUBSCRIBE_CONFIRMATION_SENT_MESSAGE)).getAttribute('role')).toBe(
      'status',
    );
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(String(url)).toContain('/api/contentAlert/unsubscribe');
    expect(init.method).toBe('POST');
    expect(String(init.body)).toBe('email=lecteur%40example.fr');
  });

  it('unsubscribes at once with a valid token and shows the fixed text of a 204', async () => {
    const fetchMock = answer(204);
    render(<UnsubscribePanel email="lecteur@example.fr" token="jeton-signe" />);
    expect(
      (await screen.findByText('Votre désinscription a bien été prise en compte.')).getAttribute('role'),
    ).toBe('status');
    expect(screen.queryByRole('button')).toBeNull();
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(String(init.body)).toBe('email=lecteur%40example.fr&token=jeton-signe');
  });

  it('shows the generic message for any other status', async () => {
    answer(500, '');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<UnsubscribePanel email="lecteur@example.fr" token="jeton-signe" />);
    expect((await screen.findByRole('alert')).textContent).toBe(GENERIC);
  });
});
