import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import {
  NEWSLETTER_ALREADY_MESSAGE,
  NEWSLETTER_ERROR_MESSAGE,
  NEWSLETTER_SUCCESS_MESSAGE,
  UNSUBSCRIBE_CONFIRMATION_SENT_MESSAGE,
  UNSUBSCRIBE_DONE_MESSAGE,
  UNSUBSCRIBE_MESSAGE,
} from '@/lib/contracts/newsletter-messages';
import { EMAIL_MESSAGE, REQUIRED_MESSAGE } from '@/lib/validation';
import { subscriptionFixture } from '../../tests/support/contract-fixtures';
import { subscribeNewsletter, unsubscribeNewsletter } from './newsletter';

let fetchMock: Mock<(input: string, init: RequestInit) => Promise<Response>>;

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function status(code: number, body: string | null = null, type = 'application/json'): Response {
  return new Response(body, { status: code, headers: body === null ? {} : { 'content-type': type } });
}

const SUBSCRIBED = JSON.stringify(subscriptionFixture('subscribed'));
const ALREADY = JSON.stringify(subscriptionFixture('already'));

describe('the messages of spec section 8, word for word', () => {
  it('holds the exact texts', () => {
    expect(NEWSLETTER_SUCCESS_MESSAGE).toBe('Merci pour votre inscription à notre newsletter !');
    expect(NEWSLETTER_ALREADY_MESSAGE).toBe('Vous êtes déjà inscrit à la newsletter');
    expect(NEWSLETTER_ERROR_MESSAGE).toBe('Une erreur est survenue, merci de ré-essayer ultérieurement');
    expect(UNSUBSCRIBE_DONE_MESSAGE).toBe('Votre désinscription a bien été prise en compte.');
  });
});

describe('subscribeNewsletter', () => {
  it.each([
    ['', REQUIRED_MESSAGE],
    ['   ', REQUIRED_MESSAGE],
    ['pas-une-adresse', EMAIL_MESSAGE],
    ['a@b', EMAIL_MESSAGE],
  ])('sends nothing for %j and answers its validation message', async (email, message) => {
    expect(await subscribeNewsletter(email)).toEqual({ status: 'error', message });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts the trimmed address form-encoded with isSubscribing, and thanks on 200', async () => {
    fetchMock.mockResolvedValue(status(200, SUBSCRIBED));
    expect(await subscribeNewsletter('  lecteur@cabinet.fr ')).toEqual({
      status: 'success',
      message: NEWSLETTER_SUCCESS_MESSAGE,
    });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/contentAlert/subscription');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(String(init?.body)))).toEqual({
      email: 'lecteur@cabinet.fr',
      isSubscribing: 'true',
    });
  });

  it('answers "already" on 209', async () => {
    fetchMock.mockResolvedValue(status(209, ALREADY));
    expect(await subscribeNewsletter('lecteur@cabinet.fr')).toEqual({
      status: 'already',
      message: NEWSLETTER_ALREADY_MESSAGE,
    });
  });

  it.each([201, 204, 400, 403, 429, 500, 503])('answers the generic error on %i', async (code) => {
    fetchMock.mockResolvedValue(status(code, code === 204 ? null : '{"error":{"message":"x"}}'));
    expect(await subscribeNewsletter('lecteur@cabinet.fr')).toEqual({
      status: 'error',
      message: NEWSLETTER_ERROR_MESSAGE,
    });
  });

  it.each([
    ['a 200 without its body', 200, '{}'],
    ['a 200 with the body of a 209', 200, ALREADY],
    ['a 209 with the body of a 200', 209, SUBSCRIBED],
    ['a 200 that is not JSON', 200, '<html>'],
  ])('answers the generic error for an answer breaking its contract: %s', async (_case, code, body) => {
    fetchMock.mockResolvedValue(status(code, body));
    expect(await subscribeNewsletter('lecteur@cabinet.fr')).toEqual({
      status: 'error',
      message: NEWSLETTER_ERROR_MESSAGE,
    });
  });

  it('answers the generic error when the network fails', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await subscribeNewsletter('lecteur@cabinet.fr')).toEqual({
      status: 'error',
      message: NEWSLETTER_ERROR_MESSAGE,
    });
  });
});

describe('unsubscribeNewsletter', () => {
  it('shows the server text on 200', async () => {
    fetchMock.mockResolvedValue(
      status(200, UNSUBSCRIBE_CONFIRMATION_SENT_MESSAGE, 'text/plain; charset=utf-8'),
    );
    expect(await unsubscribeNewsletter(' lecteur@cabinet.fr ')).toEqual({
      ok: true,
      message: UNSUBSCRIBE_CONFIRMATION_SENT_MESSAGE,
    });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/contentAlert/unsubscribe');
    expect(Object.fromEntries(new URLSearchParams(String(init?.body)))).toEqual({
      email: 'lecteur@cabinet.fr',
    });
  });

  it('shows the text of an unsubscription made with the signed token', async () => {
    fetchMock.mockResolvedValue(status(200, UNSUBSCRIBE_MESSAGE, 'text/plain; charset=utf-8'));
    expect(await unsubscribeNewsletter('lecteur@cabinet.fr', 'jeton')).toEqual({
      ok: true,
      message: UNSUBSCRIBE_MESSAGE,
    });
  });

  it.each([
    ['another text', 'Vous ne recevrez plus la newsletter.'],
    ['JSON', JSON.stringify({ message: UNSUBSCRIBE_MESSAGE })],
    ['nothing', ''],
  ])('answers the generic message for a 200 breaking its contract: %s', async (_case, body) => {
    fetchMock.mockResolvedValue(status(200, body, 'text/plain; charset=utf-8'));
    expect(await unsubscribeNewsletter('lecteur@cabinet.fr')).toEqual({
      ok: false,
      message: NEWSLETTER_ERROR_MESSAGE,
    });
  });

  it('shows the fixed confirmation on 204', async () => {
    fetchMock.mockResolvedValue(status(204));
    expect(await unsubscribeNewsletter('lecteur@cabinet.fr')).toEqual({
      ok: true,
      message: UNSUBSCRIBE_DONE_MESSAGE,
    });
  });

  it('appends the server text to the generic message on an error answer', async () => {
    fetchMock.mockResolvedValueOnce(
      status(
        400,
        JSON.stringify({ error: { code: 'bad_request', message: 'Veuillez saisir un email valide.' } }),
      ),
    );
    expect(await unsubscribeNewsletter('x')).toEqual({
      ok: false,
      message: `${NEWSLETTER_ERROR_MESSAGE} Veuillez saisir un email valide.`,
    });
    fetchMock.mockResolvedValueOnce(status(500, 'Panne', 'text/plain'));
    expect(await unsubscribeNewsletter('lecteur@cabinet.fr')).toEqual({
      ok: false,
      message: `${NEWSLETTER_ERROR_MESSAGE} Panne`,
    });
  });

  it('answers the generic message alone for an empty error answer or a network failure', async () => {
    fetchMock.mockResolvedValueOnce(status(502));
    expect(await unsubscribeNewsletter('lecteur@cabinet.fr')).toEqual({
      ok: false,
      message: NEWSLETTER_ERROR_MESSAGE,
    });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await unsubscribeNewsletter('lecteur@cabinet.fr')).toEqual({
      ok: false,
      message: NEWSLETTER_ERROR_MESSAGE,
    });
  });
});
