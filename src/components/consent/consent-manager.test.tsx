// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { resetAnalytics } from '@/client/analytics';
import { openConsentSettings, readConsent } from '@/client/consent';
import { CONSENT_COOKIE, CONSENT_GIVEN_ATTRIBUTE, serializeConsent, uniformChoice } from '@/lib/consent';
import { ConsentManager } from './consent-manager';
import { ConsentNotice } from './consent-notice';

vi.mock('next/navigation', () => ({ usePathname: () => '/', useSearchParams: () => new URLSearchParams() }));

const SCRIPT_URL = 'https://tags.example.test/utag.js';

let appended: Node[] = [];

/** The tag manager's scripts added to the page (kept out of the DOM: the test environment does not run scripts). */
function analyticsScripts(): HTMLScriptElement[] {
  return appended.filter(
    (node): node is HTMLScriptElement => node instanceof HTMLScriptElement && node.src === SCRIPT_URL,
  );
}

function clearPage() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: the test resets the page's cookies.
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
}

beforeEach(() => {
  clearPage();
  resetAnalytics();
  appended = [];
  vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
    appended.push(...(nodes as Node[]));
  });
});
afterEach(() => {
  cleanup();
  clearPage();
  vi.restoreAllMocks();
});

describe('ConsentManager', () => {
  test('the notice is in the server-rendered page, its buttons live: a tap before the scripts is kept for them', () => {
    const html = renderToString(
      <ConsentManager analyticsScriptUrl={SCRIPT_URL} notice={<ConsentNotice />} />,
    );
    expect(html).toContain('Vos choix sur les cookies');
    // The reader pages' loader holds a click on a type="button" button and gives it to React once hydrated.
    expect(html).not.toContain('disabled');
    expect(html.match(/<button type="button" data-consent="/g)).toHaveLength(3);
  });

  test('a choice made from the keyboard leaves the focus on the main content; the settings give it back', async () => {
    const main = document.createElement('main');
    main.id = 'contenu';
    main.tabIndex = -1;
    document.body.append(main);
    const footerButton = document.createElement('button');
    document.body.append(footerButton);
    try {
      render(<ConsentManager analyticsScriptUrl={SCRIPT_URL} notice={<ConsentNotice />} />);
      const refuse = await screen.findByRole('button', { name: 'Tout refuser' });
      refuse.focus();
      fireEvent.click(refuse);
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(document.activeElement).toBe(main);

      footerButton.focus();
      act(() => openConsentSettings());
      const settings = await screen.findByRole('dialog', { name: 'Paramètres des cookies' });
      fireEvent.keyDown(settings, { key: 'Escape' });
      // The dialog gives the focus back as it unmounts, after the close: awaited, not assumed synchronous (a loaded
      // machine saw the body focused at the next line).
      await waitFor(() => expect(document.activeElement).toBe(footerButton));
    } finally {
      main.remove();
      footerButton.remove();
    }
  });

  test('a reader who has chosen gets no notice; an unreadable choice is asked again', () => {
    const setChoice = (value: string) => {
      // biome-ignore lint/suspicious/noDocumentCookie: the reader's stored choice.
      document.cookie = `${CONSENT_COOKIE}=${encodeURIComponent(value)}; Path=/`;
    };
    setChoice(serializeConsent(uniformChoice(false)));
    const chosen = render(<ConsentManager analyticsScriptUrl={SCRIPT_URL} notice={<ConsentNotice />} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.documentElement.hasAttribute(CONSENT_GIVEN_ATTRIBUTE)).toBe(true);
    chosen.unmount();

    // An older version of the cookie: the head script marked the page, the manager shows the notice again.
    setChoice('v0:analytics');
    render(<ConsentManager analyticsScriptUrl={SCRIPT_URL} notice={<ConsentNotice />} />);
    expect(screen.getByRole('dialog', { name: 'Vos choix sur les cookies' })).toBeTruthy();
    expect(document.documentElement.hasAttribute(CONSENT_GIVEN_ATTRIBUTE)).toBe(false);
  });

  test('first visit: the banner asks, and nothing of the tag manager is loaded before an answer', async () => {
    render(<ConsentManager analyticsScriptUrl={SCRIPT_URL} notice={<ConsentNotice />} />);
    const dialog = await screen.findByRole('dialog', { name: 'Vos choix sur les cookies' });
    expect(dialog.getAttribute('aria-modal')).toBe('false');
    const names = screen.getAllByRole('button').map((button) => button.textContent);
    expect(names).toEqual(['Tout refuser', 'Personnaliser', 'Tout accepter']);
    // Refusing looks like accepting (same class).
    expect(screen.getByRole('button', { name: 'Tout refuser' }).className).toBe(
      screen.getByRole('button', { name: 'Tout accepter' }).className,
    );
    expect(analyticsScripts()).toHaveLength(0);
  });

  test('"Tout accepter" loads the tag manager once and the banner goes', async () => {
    render(<ConsentManager analyticsScriptUrl={SCRIPT_URL} notice={<ConsentNotice />} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Tout accepter' }));
    await vi.waitFor(() => expect(analyticsScripts()).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(readConsent()).toEqual(uniformChoice(true));
  });

  test('"Tout refuser" keeps it out, and the choice is remembered on the next page', async () => {
    const first = render(<ConsentManager analyticsScriptUrl={SCRIPT_URL} notice={<ConsentNotice />} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Tout refuser' }));
    expect(readConsent()).toEqual(uniformChoice(false));
    first.unmount();
    document.documentElement.removeAttribute(CONSENT_GIVEN_ATTRIBUTE);
    render(<ConsentManager analyticsScriptUrl={SCRIPT_URL} notice={<ConsentNotice />} />);
    // The manager has read the stored choice (it marks the page) before it decides on the notice and the script.
    await vi.waitFor(() => expect(document.documentElement.hasAttribute(CONSENT_GIVEN_ATTRIBUTE)).toBe(true));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(analyticsScripts()).toHaveLength(0);
  });

  test('"Personnaliser" offers one choice per purpose; the footer link reopens the settings', async () => {
    render(<ConsentManager analyticsScriptUrl={SCRIPT_URL} notice={<ConsentNotice />} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Personnaliser' }));
    // The settings are fetched when asked for.
    expect(await screen.findAllByRole('checkbox')).toHaveLength(7);
    fireEvent.click(screen.getByRole('checkbox', { name: /Datawrapper/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer mes choix' }));
    expect(readConsent()).toEqual({ ...uniformChoice(false), datawrapper: true });
    expect(analyticsScripts()).toHaveLength(0);

    openConsentSettings();
    const settings = await screen.findByRole('dialog', { name: 'Paramètres des cookies' });
    await vi.waitFor(() => expect(document.activeElement?.textContent).toBe('Paramètres des cookies'));
    expect((screen.getByRole('checkbox', { name: /Datawrapper/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.keyDown(settings, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('the disabledAnalytics cookie wins over an acceptance', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the opt-out cookie of the spec.
    document.cookie = 'disabledAnalytics=1; Path=/';
    render(<ConsentManager analyticsScriptUrl={SCRIPT_URL} notice={<ConsentNotice />} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Tout accepter' }));
    // The notice closes in the same update that would start the script.
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(analyticsScripts()).toHaveLength(0);
  });
});
