// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { AccountMenu, displayName } from './account-menu';
import { AccountProvider } from './account-provider';
import { readCartCount } from './cart-link';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderMenu() {
  render(
    <AccountProvider forgotPasswordUrl="https://boutique.test/oubli">
      <AccountMenu loginUrl="https://boutique.test/login" accountUrl="https://boutique.test/compte" />
    </AccountProvider>,
  );
}

describe('AccountMenu', () => {
  test('names a reader by first name and the first letter of the last name', () => {
    expect(displayName({ firstname: 'Jean', lastname: 'dupont' })).toBe('Jean D.');
    expect(displayName({ firstname: 'Jean', lastname: '' })).toBe('Jean');
  });

  test("anonymous: 'Mon compte client boutique' opens the shop login in a new tab; the other item opens the modal", async () => {
    // No session was opened in this browser: the menu asks nothing about the reader.
    // biome-ignore lint/suspicious/noDocumentCookie: the session hint cookie, removed.
    document.cookie = 'quotidienne_connecte=; Max-Age=0';
    renderMenu();
    expect(screen.getByRole('button', { name: 'Mon compte' }).hasAttribute('data-connected')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Mon compte' }));
    const shopLogin = screen.getByRole('link', { name: /Mon compte client boutique/ });
    expect(shopLogin.getAttribute('href')).toBe('https://boutique.test/login');
    expect(shopLogin.getAttribute('target')).toBe('_blank');
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter ou créer un compte' }));
    // The modal's module is imported on demand (forms, schemas, Radix): more than a second on a loaded machine.
    expect(await screen.findByRole('dialog', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Se connecter' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Créer un compte' })).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain('/api/eshop/me');
    // Closed with Escape, the window gives the focus back to « Mon compte ».
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await vi.waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Mon compte' })),
    );
  });

  test('logged in: the name, My account and Disconnect, which ends the session and reloads', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload, origin: window.location.origin });
    // The hint the server set beside the session cookie at login.
    // biome-ignore lint/suspicious/noDocumentCookie: the session hint cookie.
    document.cookie = 'quotidienne_connecte=1';
    fetchMock.mockImplementation(async (url) =>
      String(url).startsWith('/api/eshop/me')
        ? Response.json({ firstname: 'Marie', lastname: 'Curie' })
        : new Response(null, { status: 204 }),
    );
    renderMenu();
    const trigger = await screen.findByRole('button', { name: 'Marie C.' });
    // Marked connected: the header shows the name (on a phone too) on the brand's colour.
    expect(trigger.hasAttribute('data-connected')).toBe(true);
    fireEvent.click(trigger);
    expect(screen.getByRole('link', { name: /Mon compte/ }).getAttribute('href')).toBe(
      'https://boutique.test/compte',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Se déconnecter' }));
    await vi.waitFor(() => expect(reload).toHaveBeenCalled());
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/eshop/logout');
    expect(screen.getByRole('button', { name: 'Mon compte' })).toBeTruthy();
  });
});

describe('readCartCount', () => {
  test('reads the cart cookie; absent or unreadable is 0', () => {
    expect(readCartCount('a=1; eshop_cart_count=3; b=2')).toBe(3);
    expect(readCartCount('a=1')).toBe(0);
    expect(readCartCount('eshop_cart_count=abc')).toBe(0);
  });
});
