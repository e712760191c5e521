import { describe, expect, it } from 'vitest';
import * as constants from './constants';

describe('section 9 constants', () => {
  it('hold the values of the spec', () => {
    expect(constants).toMatchObject({
      NEWS_PAGE_SIZE: 20,
      HOME_NEWS_FILTER_SIZE: 14,
      MORE_NEWS_PAGE_SIZE: 10,
      PRERENDER_TOPIC_SIZE: 14,
      PRERENDER_AGENDA_SIZE: 20,
      PRERENDER_SIMULATORS_SIZE: 20,
      ARCHIVE_PAGE_SIZE: 20,
      FIRST_PAGE: 1,
      MAX_PAGE: 49,
      DEFAULT_SORT: '-publication_date',
      HOME_VIEW_NEWS: 8,
      HOME_ALTERNATE_LAYOUT_COUNT: 5,
      RATES_LIST_LIMIT: 20,
      RATES_SHOW_MORE: 10,
      RATES_SHOWCASE: 5,
      DEFAULT_PRODUCTS_COUNT: 1,
      TOPIC_PRODUCTS: 1,
      ARTICLE_RELATED_PRODUCTS: 2,
      HOME_OFFERS_CATEGORY: '11',
      HOME_OFFERS_PRODUCTS: 8,
      PRODUCTS_RELOAD_THRESHOLD: 2,
      RELATED_ARTICLES: 3,
      RELATED_ARTICLES_REQUESTED: 4,
      BANNER_INTERVAL_MS: 4000,
      PAYWALL_VISIBLE_SHARE: 0.2,
      THEMATICS_PICKER_THRESHOLD: 10,
      SUGGEST_MIN_CHARS: 3,
      FACET_INITIAL_COUNT: 5,
      THEME_FACET_INITIAL_COUNT: 10,
      FACET_SHOW_MORE: 10,
      MENU_CLOSE_DELAY_MS: 500,
      MEGA_MENU_DELAY_MS: 500,
      SCROLL_ANIMATION_MS: 500,
      TOC_MOBILE_OFFSET: 40,
      TOC_OBSERVER_DELAY_MS: 100,
      PASSWORD_MIN_LENGTH: 8,
      REGISTRATION_FORM_ID: 50293,
      VALIDATION_MESSAGE_MAX: 256,
      META_DESCRIPTION_MAX: 270,
      SEARCH_SNIPPET_MAX: 500,
      ARCHIVE_START_YEAR: 2015,
      MIN_VALID_YEAR: 1970,
      COOKIE_DEFAULT_TTL_SECONDS: 3600,
      FREE_TRIAL_DAYS: 10,
      FORMS_LIBRARY_MODEL_COUNT: 11_000,
      THEMATIC_SEPARATOR: '_',
      INDEXING_BLOCKED_BEFORE: '2022-03-01',
    });
    expect(constants.LISTING_IMAGE_RATIO).toBeCloseTo(1200 / 628);
    expect(constants.ARTICLE_COVER_RATIO).toBeCloseTo(16 / 9);
  });

  it('name the query parameters of the spec', () => {
    expect(Object.values(constants.QUERY_PARAM)).toEqual(
      expect.arrayContaining(['metier', 'terme', 'term', 'format', 'zapette', 'urType', 'page']),
    );
  });

  it('list the topics of each section', () => {
    // The news topics are written once, in the spec's order, in constants.ts: the other lists draw on them.
    expect(new Set(constants.NEWS_TOPICS).size).toBe(8);
    for (const topic of [...constants.AGENDA_TOPICS, ...constants.RATES_TOPICS]) {
      expect(constants.NEWS_TOPICS).toContain(topic);
    }
    expect(constants.AGENDA_TOPICS).toEqual(['fiscal', 'social']);
    expect(constants.SIMULATOR_TOPICS).toEqual(['fiscal', 'social', 'finance', 'affaires']);
    expect(constants.RATES_TOPICS).toEqual(['social', 'fiscal', 'affaires', 'comptable', 'patrimoine']);
  });

  it('list the article content types and news formats', () => {
    expect(constants.ARTICLE_TYPES).toEqual([
      'actualite',
      'podcast',
      'infographie',
      'videos',
      'timeline',
      'simulateur',
      'chiffres-taux',
      'agenda',
    ]);
    expect(constants.NEWS_FORMATS).toEqual(['videos', 'podcast', 'timeline', 'infographie']);
  });
});
