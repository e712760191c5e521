import 'client-only';
import { ANALYTICS_OPT_OUT_COOKIE, QUERY_PARAM } from '@/lib/constants';

/**
 * Page analytics through the publisher's tag manager (a Tealium-style `utag` object). The script comes from
 * ANALYTICS_SCRIPT_URL and is never requested when that variable is empty, when the visitor set the
 * `disabledAnalytics` cookie or when the URL carries the prerender flag. Events wait in a queue until the
 * script is there; if it fails to load, a console message says so and the page goes on.
 */

/** Content kinds of spec section 3. */
export type ContentKind =
  | 'homepage'
  | 'article'
  | 'article_enrichi'
  | 'chiffre_et_taux'
  | 'agenda'
  | 'simulateur'
  | 'recherche'
  | 'all';

/** What a page says about itself. */
export type PageContext = { pageName: string; contentKind: ContentKind; trade?: string };
/** The logged-in reader (spec section 6: first name, last name, e-mail). */
export type UserContext = { firstname: string; lastname: string; email?: string };

/** The data layer sent with every event. */
export type DataLayer = {
  page_url: string;
  page_name: string;
  content_kind: ContentKind;
  trade: string;
  user_logged: 'oui' | 'non';
  user_firstname?: string;
  user_lastname?: string;
  user_email?: string;
};

export type AnalyticsEvent = DataLayer & {
  tealium_event: string;
  event_category: string;
  event_action: string;
};

type Utag = { view(data: object): void; link(data: object): void };
type AnalyticsWindow = Window & { utag?: Utag; utag_data?: DataLayer };

/** The query parameter whose presence marks a pre-rendering visit. */
const PRERENDER_FLAG = 'prerender';
/** What is reported as the page URL when the code runs outside a browser. */
export const NOT_SSR_READY_URL = '/not-ssr-ready';
export const ANALYTICS_LOAD_ERROR = 'La bibliothèque analytics n’a pas pu être chargée';

/** Until a page describes itself: named after its path, of kind 'all'. */
const DEFAULT_PAGE: PageContext = { pageName: '', contentKind: 'all' };

let page: PageContext = DEFAULT_PAGE;
let user: UserContext | null = null;
let queue: { kind: 'view' | 'link'; event: AnalyticsEvent }[] = [];
let state: 'idle' | 'loading' | 'ready' | 'failed' | 'disabled' = 'idle';

/** The full URL of the page, or /not-ssr-ready outside the browser. */
export function currentPageUrl(): string {
  return typeof window === 'undefined' ? NOT_SSR_READY_URL : window.location.href;
}

/** Analytics are off with the opt-out cookie or the prerender flag in the URL. */
export function analyticsDisabled(cookieHeader: string, url: string): boolean {
  const cookieNames = cookieHeader.split(';').map((part) => part.split('=')[0]?.trim());
  if (cookieNames.includes(ANALYTICS_OPT_OUT_COOKIE)) return true;
  try {
    return new URL(url, 'http://localhost').searchParams.has(PRERENDER_FLAG);
  } catch {
    return false;
  }
}

/** The trade of the current URL (its `metier` parameter), empty for all trades. */
function tradeFromUrl(url: string): string {
  try {
    return new URL(url, 'http://localhost').searchParams.get(QUERY_PARAM.trade) ?? '';
  } catch {
    return '';
  }
}

/** Describes the current page; null goes back to the default (the page left). */
export function setPageContext(context: PageContext | null): void {
  page = context ?? DEFAULT_PAGE;
}

export function setUserContext(context: UserContext | null): void {
  user = context;
}

/** The data layer as it stands: page, trade and user context. */
export function dataLayer(): DataLayer {
  const url = currentPageUrl();
  return {
    page_url: url,
    page_name: page.pageName || (url === NOT_SSR_READY_URL ? url : new URL(url).pathname),
    content_kind: page.contentKind,
    trade: page.trade ?? (url === NOT_SSR_READY_URL ? '' : tradeFromUrl(url)),
    user_logged: user ? 'oui' : 'non',
    ...(user
      ? {
          user_firstname: user.firstname,
          user_lastname: user.lastname,
          ...(user.email ? { user_email: user.email } : {}),
        }
      : {}),
  };
}

function analyticsWindow(): AnalyticsWindow | null {
  return typeof window === 'undefined' ? null : (window as AnalyticsWindow);
}

function send(kind: 'view' | 'link', event: AnalyticsEvent): void {
  const win = analyticsWindow();
  if (state === 'disabled' || state === 'failed' || !win) return;
  if (state !== 'ready' || !win.utag) {
    queue.push({ kind, event });
    return;
  }
  win.utag[kind](event);
}

/** A page view: sent when a page is shown (and on each client-side navigation). */
export function trackView(): AnalyticsEvent {
  const event = {
    ...dataLayer(),
    tealium_event: 'page_view',
    event_category: 'page',
    event_action: 'affichage',
  };
  send('view', event);
  return event;
}

/** A link event: a click on a link, described by its category and action (usually the link's text). */
export function trackLink(category: string, action: string): AnalyticsEvent {
  const event = {
    ...dataLayer(),
    tealium_event: 'link_click',
    event_category: category,
    event_action: action,
  };
  send('link', event);
  return event;
}

/**
 * Loads the tag manager once, unless analytics are disabled. The data layer is published first, as the tag
 * manager expects; queued events are flushed when the script is there.
 */
export function loadAnalytics(scriptUrl: string | undefined): void {
  const win = analyticsWindow();
  if (!win || state !== 'idle') return;
  if (!scriptUrl || analyticsDisabled(document.cookie, win.location.href)) {
    state = 'disabled';
    queue = [];
    return;
  }
  state = 'loading';
  win.utag_data = dataLayer();
  const script = document.createElement('script');
  script.src = scriptUrl;
  script.async = true;
  script.addEventListener('load', () => {
    state = 'ready';
    const pending = queue;
    queue = [];
    for (const item of pending) send(item.kind, item.event);
  });
  script.addEventListener('error', () => {
    state = 'failed';
    queue = [];
    console.warn(`${ANALYTICS_LOAD_ERROR} : ${scriptUrl}`);
  });
  document.head.append(script);
}

/** Back to the first state (tests). */
export function resetAnalytics(): void {
  page = DEFAULT_PAGE;
  user = null;
  queue = [];
  state = 'idle';
}
