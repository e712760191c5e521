// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { EMAIL_MESSAGE, REQUIRED_MESSAGE } from '@/lib/validation';
import { NewsletterBlock } from './newsletter-block';

// The server action path (forms without JavaScript) is not taken when the browser handles the submit.
vi.mock('@/app/actions/newsletter', () => ({ subscribeNewsletterAction: vi.fn() }));

import styles from './newsletter-block.module.css';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function subscribe(email: string) {
  render(<NewsletterBlock />);
  fireEvent.change(screen.getByLabelText('Votre adresse e-mail'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Je m’inscris' }));
}

describe('NewsletterBlock', () => {
  test('idle: a labelled e-mail field and no message', () => {
    render(<NewsletterBlock />);
    expect(screen.getByRole('heading', { name: 'Newsletter gratuite' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('');
  });

  test('an invalid address is not sent and its message shows', async () => {
    subscribe('pas-une-adresse');
    expect(await screen.findByText(EMAIL_MESSAGE)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('an empty address is not sent', async () => {
    subscribe('');
    expect(await screen.findByText(REQUIRED_MESSAGE)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('the message of a field clears when it changes', async () => {
    subscribe('faux');
    await screen.findByText(EMAIL_MESSAGE);
    fireEvent.change(screen.getByLabelText('Votre adresse e-mail'), { target: { value: 'fau' } });
    expect(screen.queryByText(EMAIL_MESSAGE)).toBeNull();
  });

  test('200: the thank-you message, the address sent form-encoded with isSubscribing', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 200 }));
    subscribe('lecteur@exemple.fr');
    const message = await screen.findByText('Merci pour votre inscription à notre newsletter !');
    expect(message.className).toContain(styles.success);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe('/api/contentAlert/subscription');
    expect(init?.method).toBe('POST');
    expect(String(init?.body)).toBe('email=lecteur%40exemple.fr&isSubscribing=true');
  });

  test('209: already subscribed, shown in red', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 209 }));
    subscribe('lecteur@exemple.fr');
    const message = await screen.findByText('Vous êtes déjà inscrit à la newsletter');
    expect(message.className).toContain(styles.failure);
  });

  test('any other status: the error message', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 500 }));
    subscribe('lecteur@exemple.fr');
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'Une erreur est survenue, merci de ré-essayer ultérieurement',
      ),
    );
  });
});
