// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import {
  ANALYTICS_LOAD_ERROR,
  analyticsDisabled,
  currentPageUrl,
  dataLayer,
  loadAnalytics,
  NOT_SSR_READY_URL,
  resetAnalytics,
  setPageContext,
  setUserContext,
  trackLink,
  trackView,
} from './analytics';

const SCRIPT = 'https://tags.example.test/utag.js';
const utag = { view: vi.fn(), link: vi.fn() };

let appended: Node[] = [];

/** The script the module added to the page (kept out of the DOM: the test environment does not run scripts). */
function injectedScript(): HTMLScriptElement | null {
  return (
    (appended.find(
      (node) => node instanceof HTMLScriptElement && node.src === SCRIPT,
    ) as HTMLScriptElement) ?? null
  );
}

beforeEach(() => {
  resetAnalytics();
  utag.view.mockReset();
  utag.link.mockReset();
  appended = [];
  vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
    appended.push(...(nodes as Node[]));
  });
  document.cookie = 'disabledAnalytics=; expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/';
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete (window as { utag?: unknown }).utag;
});

describe('analytics', () => {
  test('disabled by the disabledAnalytics cookie or the prerender flag in the URL', () => {
    expect(analyticsDisabled('a=1; disabledAnalytics=1', 'https://site.test/')).toBe(true);
    expect(analyticsDisabled('a=1', 'https://site.test/actualite?prerender=1')).toBe(true);
    expect(analyticsDisabled('a=1', 'https://site.test/actualite')).toBe(false);
  });

  test('outside the browser the URL is /not-ssr-ready', () => {
    vi.stubGlobal('window', undefined);
    expect(currentPageUrl()).toBe(NOT_SSR_READY_URL);
    expect(dataLayer().page_url).toBe(NOT_SSR_READY_URL);
  });

  test('the data layer carries page name, content kind, trade and user context', () => {
    setPageContext({ pageName: 'actualite-fiscal', contentKind: 'article_enrichi', trade: 'fiscal' });
    setUserContext({ firstname: 'Jean', lastname: 'Dupont', email: 'jean@exemple.fr' });
    expect(dataLayer()).toEqual({
      page_url: window.location.href,
      page_name: 'actualite-fiscal',
      content_kind: 'article_enrichi',
      trade: 'fiscal',
      user_logged: 'oui',
      user_firstname: 'Jean',
      user_lastname: 'Dupont',
      user_email: 'jean@exemple.fr',
    });
  });

  test('a page that does not describe itself is named after its path, of kind all', () => {
    setPageContext(null);
    expect(dataLayer()).toMatchObject({ page_name: window.location.pathname, content_kind: 'all' });
  });

  test('nothing is loaded without a script URL', () => {
    loadAnalytics(undefined);
    trackView();
    expect(appended).toHaveLength(0);
  });

  test('nothing is loaded when the visitor opted out', () => {
    document.cookie = 'disabledAnalytics=1; Path=/';
    loadAnalytics(SCRIPT);
    expect(injectedScript()).toBeNull();
  });

  test('events wait for the script, then go out with page_url, page_name, tealium_event, event_category, event_action', () => {
    setPageContext({ pageName: 'accueil', contentKind: 'homepage' });
    loadAnalytics(SCRIPT);
    const view = trackView();
    const link = trackLink('navigation', 'Actualités');
    expect(utag.view).not.toHaveBeenCalled();
    (window as { utag?: unknown }).utag = utag;
    injectedScript()?.dispatchEvent(new Event('load'));
    expect(utag.view).toHaveBeenCalledWith(view);
    expect(utag.link).toHaveBeenCalledWith(link);
    expect(view).toMatchObject({
      page_url: window.location.href,
      page_name: 'accueil',
      content_kind: 'homepage',
      tealium_event: 'page_view',
      event_category: 'page',
      event_action: 'affichage',
    });
    expect(link).toMatchObject({
      tealium_event: 'link_click',
      event_category: 'navigation',
      event_action: 'Actualités',
    });
    expect((window as { utag_data?: unknown }).utag_data).toMatchObject({ page_name: 'accueil' });
  });

  test('a script that fails to load is reported on the console and the page goes on', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    loadAnalytics(SCRIPT);
    injectedScript()?.dispatchEvent(new Event('error'));
    expect(warn).toHaveBeenCalledWith(`${ANALYTICS_LOAD_ERROR} : ${SCRIPT}`);
    expect(() => trackView()).not.toThrow();
  });
});
