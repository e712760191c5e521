// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { AccountProvider } from '@/components/account/account-provider';
import { articleFixture } from '../../../tests/support/contract-fixtures';
import { ArticleContent, type SectionView } from './article-content';
import { sectionInView, sectionScrollY } from './table-of-contents';

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
  // Login sets the readable session hint: without it the browser does not ask /api/eshop/me at all.
  // biome-ignore lint/suspicious/noDocumentCookie: the hint cookie the server sets at login.
  document.cookie = loggedIn ? 'quotidienne_connecte=1' : 'quotidienne_connecte=; Max-Age=0';
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.startsWith('/api/eshop/me')) {
      return loggedIn
        ? Response.json({ firstname: 'Jeanne', lastname: 'Martin' })
        : Response.json({ error: { code: 'unauthorized', message: 'non connecté' } }, { status: 401 });
    }
    if (url.startsWith('/api/article/single')) {
      return Response.json(
        articleFixture({
          sections: ALL.map((one) => ({
            ...one,
            images: [],
            section_type: 'section',
            publication_date: null,
            topics: [],
            thematics: [],
          })),
        }),
      );
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
  test('an anonymous reader sees the first section, the locked titles in the table of contents and the prompt', async () => {
    serve(false);
    renderContent({ lockedSections: [{ id: 's2', title: 'Analyse' }] });
    expect(screen.getByRole('heading', { level: 2, name: 'L’essentiel' })).toBeTruthy();
    const toc = screen.getByRole('navigation', { name: 'Sommaire' });
    const links = [...toc.querySelectorAll('a')];
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['L’essentiel', '#section-s1'],
      ['Analyse (réservé aux inscrits)', '#reserve-aux-inscrits'],
    ]);
    expect(links[1]?.querySelector('svg')).toBeTruthy();
    expect([...toc.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
      'L’essentiel',
      '🔒 Analyse (réservé aux inscrits)',
    ]);
    expect(document.getElementById('reserve-aux-inscrits')?.tagName).toBe('ASIDE');
    expect(screen.getByRole('button', { name: 'Créer un compte gratuitement' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Se connecter' })).toBeTruthy();
    // No session in this browser: neither the user nor the article is asked for.
    expect(fetchMock).not.toHaveBeenCalled();
    expect(document.body.textContent).not.toContain('Texte réservé');
  });

  test('an enriched news shows its own body first, then its sections', () => {
    serve(false);
    renderContent({ view: '<p>Introduction du corps</p>', isPaywallable: false });
    const text = document.body.textContent ?? '';
    expect(text).toContain('Introduction du corps');
    expect(text.indexOf('Introduction du corps')).toBeLessThan(text.indexOf('Texte libre'));
  });

  test('an enriched news with a single section and nothing locked shows no table of contents', () => {
    serve(false);
    renderContent({ isPaywallable: false });
    expect(screen.getByRole('heading', { level: 2, name: 'L’essentiel' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Sommaire' })).toBeNull();
  });

  test('a logged-in reader gets every section from /api/article/single, and no prompt', async () => {
    serve(true);
    renderContent({ lockedSections: [{ id: 's2', title: 'Analyse' }] });
    await screen.findByRole('heading', { level: 2, name: 'À retenir' });
    expect(document.body.textContent).toContain('Texte réservé deux');
    expect(screen.queryByRole('button', { name: 'Créer un compte gratuitement' })).toBeNull();
    const toc = screen.getByRole('navigation', { name: 'Sommaire' });
    expect(toc.querySelectorAll('li')).toHaveLength(3);
    expect(toc.querySelector('svg')).toBeNull();
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
    expect(document.body.textContent).toContain('Début visible');
    expect(
      screen.getByRole('heading', { name: 'La suite de cet article est réservée aux inscrits' }),
    ).toBeTruthy();
    // A plain article's prompt does not speak of enriched news.
    expect(document.body.textContent).not.toContain('enrichie');
  });
});

describe('sectionScrollY', () => {
  test('on mobile, the section title ends 40 px below the sticky bar, not under it', () => {
    // The 68 px dropdown bar sticks at the top: the title lands at 68 + 40 px from the top of the viewport.
    expect(sectionScrollY({ scrollY: 1000, sectionTop: 500, mobile: true, stickyBottom: 68 })).toBe(1392);
  });
  test('on desktop, the section reaches the top; never above the page', () => {
    expect(sectionScrollY({ scrollY: 1000, sectionTop: 500, mobile: false, stickyBottom: 68 })).toBe(1500);
    expect(sectionScrollY({ scrollY: 0, sectionTop: 20, mobile: true, stickyBottom: 68 })).toBe(0);
  });
});

describe('sectionInView', () => {
  const tops = (...values: number[]) => values.map((top, index) => ({ id: `s${index + 1}`, top }));
  test('the section whose title has passed the reading line, at 40 % of the viewport', () => {
    expect(sectionInView(tops(-900, 250, 1200), 800)).toBe('s2');
    expect(sectionInView(tops(-900, 320, 1200), 800)).toBe('s2');
    expect(sectionInView(tops(-900, 321, 1200), 800)).toBe('s1');
  });
  test('none before any title has reached it (the top of the article)', () => {
    expect(sectionInView(tops(500, 1200), 800)).toBeUndefined();
    expect(sectionInView([], 800)).toBeUndefined();
  });
});
