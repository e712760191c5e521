// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { EMAIL_MESSAGE, REQUIRED_MESSAGE } from '@/lib/validation';
import { subscriptionFixture } from '../../../tests/support/contract-fixtures';
import { NewsletterForm } from './newsletter-form';

import styles from './newsletter-form.module.css';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The message under the e-mail field. */
async function fieldError(): Promise<string | null | undefined> {
  await waitFor(() => expect(document.querySelector('[id$="-error"]')).not.toBeNull());
  return document.querySelector('[id$="-error"]')?.textContent;
}

function subscribe(email: string) {
  render(<NewsletterForm />);
  fireEvent.change(screen.getByLabelText('Votre adresse e-mail'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Je m’inscris' }));
}

describe('NewsletterForm', () => {
  test('idle: a labelled e-mail field and no message', () => {
    render(<NewsletterForm />);
    expect(screen.getByRole('heading', { name: 'Newsletter gratuite' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('');
  });

  test('holds the outcomes of a submission without JavaScript, each at its anchor', () => {
    render(<NewsletterForm />);
    expect(document.getElementById('newsletter-merci')?.textContent).toBe(
      'Merci pour votre inscription à notre newsletter !',
    );
    expect(document.getElementById('newsletter-deja-inscrit')?.className).toContain(styles.failure);
  });

  test('an invalid address is not sent and its message shows', async () => {
    subscribe('pas-une-adresse');
    expect(await fieldError()).toBe(EMAIL_MESSAGE);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('an empty address is not sent', async () => {
    subscribe('');
    expect(await fieldError()).toBe(REQUIRED_MESSAGE);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('the message of a field clears when it changes', async () => {
    subscribe('faux');
    expect(await fieldError()).toBe(EMAIL_MESSAGE);
    fireEvent.change(screen.getByLabelText('Votre adresse e-mail'), { target: { value: 'fau' } });
    expect(document.querySelector('[id$="-error"]')).toBeNull();
  });

  test('200: the thank-you message, the address sent form-encoded with isSubscribing', async () => {
    fetchMock.mockResolvedValue(Response.json(subscriptionFixture('subscribed')));
    subscribe('lecteur@exemple.fr');
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'Merci pour votre inscription à notre newsletter !',
      ),
    );
    expect(screen.getByRole('status').className).toContain(styles.success);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe('/api/contentAlert/subscription');
    expect(init?.method).toBe('POST');
    expect(String(init?.body)).toBe('email=lecteur%40exemple.fr&isSubscribing=true');
  });

  test('209: already subscribed, shown in red', async () => {
    fetchMock.mockResolvedValue(Response.json(subscriptionFixture('already'), { status: 209 }));
    subscribe('lecteur@exemple.fr');
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Vous êtes déjà inscrit à la newsletter'),
    );
    expect(screen.getByRole('status').className).toContain(styles.failure);
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
