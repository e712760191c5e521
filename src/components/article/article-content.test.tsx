// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { AccountProvider } from '@/components/account/account-provider';
import { ArticleContent, type SectionView } from './article-content';

const fetchMock = vi.fn<typeof fetch>();

const section = (id: string, title: string, text: string): SectionView => ({
  id,
  title,
  summary: '',
  view: `<p>${text}</p>`,
});

const FIRST = section('s1', 'L’essentiel', 'Texte libre');
const ALL = [
  FIRST,
  section('s2', 'Analyse', 'Texte réservé deux'),
  section('s3', 'À retenir', 'Texte réservé trois'),
];

/** Answers /api/eshop/me (logged in or not) and /api/article/single (the whole article). */
function serve(loggedIn: boolean) {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.startsWith('/api/eshop/me')) {
      return loggedIn
        ? Response.json({ firstname: 'Jeanne', lastname: 'Martin' })
        : Response.json({ error: { code: 'unauthorized', message: 'non connecté' } }, { status: 401 });
    }
    if (url.startsWith('/api/article/single')) {
      return Response.json({ article: { view: '', sections: ALL }, isPaywallable: false });
    }
    return new Response(null, { status: 404 });
  });
}

function renderContent(props: Partial<Parameters<typeof ArticleContent>[0]> = {}) {
  render(
    <AccountProvider forgotPasswordUrl="https://boutique.test/oubli">
      <ArticleContent newsId="EN1" view="" sections={[FIRST]} isPaywallable {...props} />
    </AccountProvider>,
  );
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ArticleContent', () => {
  test('an anonymous reader sees the first section, its table of contents and the registration prompt', async () => {
    serve(false);
    renderContent();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.getByRole('heading', { level: 2, name: 'L’essentiel' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Sommaire' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Créer un compte gratuitement' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Se connecter' })).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/article/single'))).toBe(false);
    expect(document.body.textContent).not.toContain('Texte réservé');
  });

  test('a logged-in reader gets every section from /api/article/single, and no prompt', async () => {
    serve(true);
    renderContent();
    await screen.findByRole('heading', { level: 2, name: 'À retenir' });
    expect(document.body.textContent).toContain('Texte réservé deux');
    expect(screen.queryByRole('button', { name: 'Créer un compte gratuitement' })).toBeNull();
    const toc = screen.getByRole('navigation', { name: 'Sommaire' });
    expect(toc.querySelectorAll('li')).toHaveLength(3);
    const single = fetchMock.mock.calls.find(([url]) => String(url).startsWith('/api/article/single'));
    expect(String(single?.[0])).toContain('newsId=EN1');
  });

  test('a free article is rendered whole without asking the API', async () => {
    serve(true);
    renderContent({ sections: [], view: '<p>Corps libre</p>', isPaywallable: false });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(document.body.textContent).toContain('Corps libre');
    expect(screen.queryByRole('navigation', { name: 'Sommaire' })).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/article/single'))).toBe(false);
  });

  test('a paywalled article shows its visible head and the prompt for articles', async () => {
    serve(false);
    renderContent({ sections: [], view: '<p>Début visible</p>' });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(document.body.textContent).toContain('Début visible');
    expect(
      screen.getByRole('heading', { name: 'La suite de cet article est réservée aux inscrits' }),
    ).toBeTruthy();
  });
});
