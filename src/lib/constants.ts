// Business constants and limits of the spec's section 9 (and the fixed values of sections 2 to 5), each named
// after its meaning. Every other module imports them from here instead of repeating the literal.

// ---------------------------------------------------------------------------------------------------------
// Page sizes and paging

/** Default size of a news list (and the API's default `limit`). */
export const NEWS_PAGE_SIZE = 20;
/** News list under the trade filter of the home page. */
export const HOME_NEWS_FILTER_SIZE = 14;
/** Batch loaded by the 'Plus d'actualités' button. */
export const MORE_NEWS_PAGE_SIZE = 10;

/** Pre-rendering page sizes. */
export const PRERENDER_TOPIC_SIZE = 14;
export const PRERENDER_AGENDA_SIZE = 20;
export const PRERENDER_SIMULATORS_SIZE = 20;

export const ARCHIVE_PAGE_SIZE = 20;

/** Valid page numbers run from FIRST_PAGE to MAX_PAGE; anything else becomes FIRST_PAGE. */
export const FIRST_PAGE = 1;
export const MAX_PAGE = 49;

/** Lists are sorted by descending publication date (the API's default `sort`). */
export const DEFAULT_SORT = '-publication_date';

// ---------------------------------------------------------------------------------------------------------
// Home page, rates, shop, related content

/** News shown in the home page's main view. */
export const HOME_VIEW_NEWS = 8;
/** The home page switches to its alternate layout when exactly this many news are returned. */
export const HOME_ALTERNATE_LAYOUT_COUNT = 5;

export const RATES_LIST_LIMIT = 20;
export const RATES_SHOW_MORE = 10;
/** The first news of the figures and rates page shown as a showcase. */
export const RATES_SHOWCASE = 5;

/** Products requested when no count is given (`nbProducts` default). */
export const DEFAULT_PRODUCTS_COUNT = 1;
export const TOPIC_PRODUCTS = 1;
export const ARTICLE_RELATED_PRODUCTS = 2;
/** Shop category of 'Les offres du moment' on the home page, and how many of its products are shown. */
export const HOME_OFFERS_CATEGORY = '11';
export const HOME_OFFERS_PRODUCTS = 8;
/** A product list this short or shorter is reloaded without the trade filter. */
export const PRODUCTS_RELOAD_THRESHOLD = 2;

/** 'A lire aussi' shows RELATED_ARTICLES; one more is requested so the current article can be left out. */
export const RELATED_ARTICLES = 3;
export const RELATED_ARTICLES_REQUESTED = 4;

/** Search results show the product first, then articles in two blocks: the first one, then the next four. */
export const SEARCH_FIRST_ARTICLES_BLOCK = 1;
export const SEARCH_SECOND_ARTICLES_BLOCK = 4;

// ---------------------------------------------------------------------------------------------------------
// Carousels

export const BANNER_INTERVAL_MS = 4000;
/** The size a home banner's images are shown at (the newsroom says it; the demo content makes them so). */
export const BANNER_DISPLAY_SIZES = {
  desktop: { width: 1240, height: 250 },
  mobile: { width: 640, height: 300 },
} as const;

/** One breakpoint of a carousel: `slides` items are shown at viewport widths up to `maxWidth` pixels. */
export type CarouselBreakpoint = { readonly maxWidth: number; readonly slides: number };

/** 'Les offres du moment': 2, 3 or 4 items at 768, 1000 and 1240 px. */
export const OFFERS_CAROUSEL_BREAKPOINTS: readonly CarouselBreakpoint[] = [
  { maxWidth: 768, slides: 2 },
  { maxWidth: 1000, slides: 3 },
  { maxWidth: 1240, slides: 4 },
];
/** 'Nos solutions': 1, 2 or 3 items at 768, 1000 and 1280 px. */
export const SOLUTIONS_CAROUSEL_BREAKPOINTS: readonly CarouselBreakpoint[] = [
  { maxWidth: 768, slides: 1 },
  { maxWidth: 1000, slides: 2 },
  { maxWidth: 1280, slides: 3 },
];
/** Video and podcast carousel: 1, 2 or 3 items at 768, 1000 and 1280 px. */
export const VIDEO_CAROUSEL_BREAKPOINTS: readonly CarouselBreakpoint[] = [
  { maxWidth: 768, slides: 1 },
  { maxWidth: 1000, slides: 2 },
  { maxWidth: 1280, slides: 3 },
];

// ---------------------------------------------------------------------------------------------------------
// Paywall, pickers, search

/** A paywalled article keeps this share of its content visible. */
export const PAYWALL_VISIBLE_SHARE = 0.2;
/** More thematics than this switches the thematic links to the 'ALLER À' picker. */
export const THEMATICS_PICKER_THRESHOLD = 10;
/** Suggestions appear (and are requested) from this many typed characters. */
export const SUGGEST_MIN_CHARS = 3;

/** Search facets show this many entries at first … */
export const FACET_INITIAL_COUNT = 5;
/** … except the news theme facet, which shows more. */
export const THEME_FACET_INITIAL_COUNT = 10;
/** The facet whose initial count is THEME_FACET_INITIAL_COUNT. */
export const THEME_FACET = 'theme_quot_zapette';
/** 'Show more' adds this many entries. */
export const FACET_SHOW_MORE = 10;

// ---------------------------------------------------------------------------------------------------------
// Interaction timings

export const MENU_CLOSE_DELAY_MS = 500;
export const MEGA_MENU_DELAY_MS = 500;
export const SCROLL_ANIMATION_MS = 500;
/** Offset in pixels of the mobile table of contents when scrolling to a section. */
export const TOC_MOBILE_OFFSET = 40;
export const TOC_OBSERVER_DELAY_MS = 100;

// ---------------------------------------------------------------------------------------------------------
// Forms and texts

export const PASSWORD_MIN_LENGTH = 8;
/** The shop's web form used for registration. */
export const REGISTRATION_FORM_ID = 50293;
/** Validation and error messages are cut to this many characters. */
export const VALIDATION_MESSAGE_MAX = 256;
export const META_DESCRIPTION_MAX = 270;
export const SEARCH_SNIPPET_MAX = 500;
/** The free trial offered to non-subscribers, in days. */
export const FREE_TRIAL_DAYS = 10;
/** The forms library claims more than this many act models. */
export const FORMS_LIBRARY_MODEL_COUNT = 11_000;

// ---------------------------------------------------------------------------------------------------------
// Images

/** Listing images are 1200 x 628. */
export const LISTING_IMAGE_WIDTH = 1200;
export const LISTING_IMAGE_HEIGHT = 628;
export const LISTING_IMAGE_RATIO = LISTING_IMAGE_WIDTH / LISTING_IMAGE_HEIGHT;
export const ARTICLE_COVER_RATIO = 16 / 9;

// ---------------------------------------------------------------------------------------------------------
// Dates

/** The archive by month and year starts in this year. */
export const ARCHIVE_START_YEAR = 2015;
/** Years before this are invalid as parameters. */
export const MIN_VALID_YEAR = 1970;
/** In production, indexing is blocked for content published before this day. */
export const INDEXING_BLOCKED_BEFORE = '2022-03-01';

// ---------------------------------------------------------------------------------------------------------
// Cookies

/** Cookies live this long unless told otherwise; they are set Secure and SameSite=Lax. */
export const COOKIE_DEFAULT_TTL_SECONDS = 3600;
/**
 * Set beside the HttpOnly session cookie, readable by scripts and holding no secret: the browser asks who the
 * reader is (GET /api/eshop/me) only when it is there, so an anonymous page makes no call that answers 401.
 */
export const SESSION_HINT_COOKIE = 'quotidienne_connecte';
/** A cookie of this name disables analytics. */
export const ANALYTICS_OPT_OUT_COOKIE = 'disabledAnalytics';

// ---------------------------------------------------------------------------------------------------------
// URLs: query parameters, paths, separators

/** Query parameter names. */
export const QUERY_PARAM = {
  /** Trade filter (home, topics, search). */
  trade: 'metier',
  /** Search text. */
  term: 'term',
  /** Search text in the pre-rendering form and the site search URL. */
  prerenderTerm: 'terme',
  /** Content format filter of news lists. */
  format: 'format',
  /** Selected search facets, as JSON. */
  facets: 'zapette',
  urType: 'urType',
  page: 'page',
  /** Search results order: absent (relevance) or `date` (newest first). */
  sort: 'tri',
  /** Month-year of the agenda. */
  agendaDate: 'date',
} as const;

/** Joins several thematic slugs in a path segment. */
export const THEMATIC_SEPARATOR = '_';
/** Separates slug and id in an article path segment ({slug}_{id}). */
export const ARTICLE_ID_SEPARATOR = '_';

/** The id of every page's main region: the skip link's target, and where the focus goes on after the consent notice. */
export const MAIN_CONTENT_ID = 'contenu';

/** Base paths of the site's sections. */
export const PATHS = {
  home: '/',
  news: '/actualite',
  agenda: '/agenda',
  simulators: '/simulateurs',
  rates: '/chiffres-taux',
  archives: '/archives',
  search: '/search',
  bookshop: '/librairie',
  unsubscribe: '/unsubscribe',
  // Accounts
  account: '/mon-compte',
  /** Login and registration without JavaScript (with it, the modal). */
  login: '/connexion',
  forgotPassword: '/mot-de-passe-oublie',
  resetPassword: '/mot-de-passe-oublie/nouveau',
  /** Where the links of confirmation e-mails land (account address, change of address, newsletter). */
  confirmation: '/confirmation',
  privacy: '/confidentialite',
} as const;

/**
 * The pages e-mailed links open with a token in their address (a password reset, a confirmation, stopping the
 * alerts or the newsletter), as next.config.ts header sources: they are served with `Referrer-Policy: no-referrer`
 * so the token never leaves in a Referer, not even to the site's own files (a meta tag comes after the preloads).
 */
export const TOKEN_LINK_PAGE_SOURCES = [
  PATHS.resetPassword,
  PATHS.confirmation,
  `${PATHS.account}/alertes/arret`,
  `${PATHS.unsubscribe}/:email`,
] as const;

/** All calls of the backend live under this path. */
export const API_BASE_PATH = '/api';

/** Internal links of the form flash:id:{id} resolve to /actualite/{FLASH_LINK_SLUG}_{id}. */
export const FLASH_LINK_PREFIX = 'flash:id:';
export const FLASH_LINK_SLUG = 'actu';

// ---------------------------------------------------------------------------------------------------------
// Content types, topics, formats

/** Article content types. */
export const ARTICLE_TYPE = {
  news: 'actualite',
  podcast: 'podcast',
  infographic: 'infographie',
  video: 'videos',
  timeline: 'timeline',
  simulator: 'simulateur',
  rates: 'chiffres-taux',
  agenda: 'agenda',
} as const;
export type ArticleType = (typeof ARTICLE_TYPE)[keyof typeof ARTICLE_TYPE];
export const ARTICLE_TYPES: readonly ArticleType[] = Object.values(ARTICLE_TYPE);

/** Values of the news content-format filter (besides "all", the empty filter). */
export const NEWS_FORMATS = [
  ARTICLE_TYPE.video,
  ARTICLE_TYPE.podcast,
  ARTICLE_TYPE.timeline,
  ARTICLE_TYPE.infographic,
] as const;
export type NewsFormat = (typeof NEWS_FORMATS)[number];

/** Topic slugs of news; the trade filter of the home and topic pages takes the same values. */
export const NEWS_TOPICS = [
  'fiscal',
  'social',
  'affaires',
  'comptable',
  'patrimoine',
  'immobilier',
  'association',
  'particuliers',
] as const;
export type NewsTopic = (typeof NEWS_TOPICS)[number];

/** Agenda topics (the empty topic is also valid). */
export const AGENDA_TOPICS = ['fiscal', 'social'] as const;
/** Simulator topics (the empty topic is also valid). */
export const SIMULATOR_TOPICS = ['fiscal', 'social', 'finance', 'affaires'] as const;
/** Figures and rates topics (the empty topic is also valid). */
export const RATES_TOPICS = ['social', 'fiscal', 'affaires', 'comptable', 'patrimoine'] as const;

/**
 * How wide a lead teaser's image is drawn (measured at 320 to 1,600 px): the page's width less the container's
 * sides below 1,000 px (a 412 px phone draws 380 px), at most 60 % of it in the two-column grids above, 710 px from
 * the page's full width. A 3x phone then fetches the 1,200 px variant, not the 1,920 px one (decision 047).
 */
export const LEAD_IMAGE_SIZES = '(min-width: 1240px) 710px, (min-width: 1000px) 60vw, calc(100vw - 2rem)';

/**
 * How wide the cover is drawn (measured at 320 to 1,600 px): the page's width less the container's sides below
 * 1,000 px, less the 300 px side column and the gap above, 876 px from the page's full width (decision 047).
 */
export const COVER_IMAGE_SIZES =
  '(min-width: 1240px) 876px, (min-width: 1000px) calc(100vw - 364px), calc(100vw - 2rem)';
