import * as z from 'zod/mini';
import {
  type RegistrationResult,
  registrationResult,
  type WebFormDefinition,
  webFormDefinition,
} from '@/lib/contracts/accounts';
import {
  type ArticleForReader,
  type ArticleSummary,
  articleForReader,
  articleSummary,
  type DailyIssue,
  dailyIssue,
} from '@/lib/contracts/content';
import {
  alreadySubscribedAnswer,
  type SubscriptionAnswer,
  subscribedAnswer,
} from '@/lib/contracts/newsletter';
import { NEWSLETTER_ALREADY_MESSAGE, NEWSLETTER_SUCCESS_MESSAGE } from '@/lib/contracts/newsletter-messages';
import { type ShopProduct, shopProduct } from '@/lib/contracts/shop';

/**
 * Answers that satisfy the contracts of src/lib/contracts, for tests that stub the API: each is parsed by its
 * schema here, so a fixture that drifts from the contract fails where it is built, not deep in a test.
 */

export function summaryFixture(overrides: Partial<ArticleSummary> = {}): ArticleSummary {
  return z.parse(articleSummary, {
    id: 'A1',
    type: 'actualite',
    title: 'Titre',
    summary: 'Résumé',
    slug: 'titre',
    format: null,
    topics: [],
    thematics: [],
    trades: [],
    images: [],
    author: null,
    author_function: null,
    publication_date: '2026-03-02T08:00:00.000Z',
    update_date: null,
    enriched_news_id: null,
    additionalProperties: {},
    attachments: [],
    ...overrides,
  });
}

export function articleFixture(
  overrides: Partial<ArticleForReader['article']> = {},
  isPaywallable = false,
): ArticleForReader {
  return z.parse(articleForReader, {
    article: {
      ...summaryFixture(),
      view: '',
      sections: [],
      source: null,
      paywalled: false,
      event_date: null,
      simulator_url: null,
      ...overrides,
    },
    isPaywallable,
  });
}

export function issueFixture(overrides: Partial<DailyIssue> = {}): DailyIssue {
  return z.parse(dailyIssue, {
    issueName: 'N° 1',
    publicationDate: '2026-03-02',
    comiteRedaction: '',
    redacteurChef: '',
    news: [],
    ...overrides,
  });
}

export function productFixture(overrides: Partial<ShopProduct> = {}): ShopProduct {
  return z.parse(shopProduct, {
    sku: 'MFI-2025',
    name: 'Mémento Fiscal 2025',
    image_url: '/images/produits/mfi.jpg',
    product_url: 'https://boutique.example.fr/mfi',
    add_to_cart_url: 'https://boutique.example.fr/panier?sku=MFI-2025',
    hook_phrase: '',
    categories: [],
    discount_label: null,
    promo_label: null,
    final_price: '199,00 €',
    original_price: null,
    sp_to_date: null,
    ...overrides,
  });
}

export function webFormFixture(overrides: Partial<WebFormDefinition> = {}): WebFormDefinition {
  return z.parse(webFormDefinition, {
    webFormId: 1,
    fields: [],
    optinComment: '',
    civilities: [],
    functions: [],
    ...overrides,
  });
}

export function registrationResultFixture(overrides: Partial<RegistrationResult> = {}): RegistrationResult {
  return z.parse(registrationResult, {
    email: 'claire@cabinet.fr',
    firstname: 'Claire',
    lastname: 'Martin',
    optin: false,
    ...overrides,
  });
}

/** The body of a subscription's 200 (`subscribed`) or 209 (`already`). */
export function subscriptionFixture(status: SubscriptionAnswer['status']): SubscriptionAnswer {
  return status === 'subscribed'
    ? z.parse(subscribedAnswer, { status, message: NEWSLETTER_SUCCESS_MESSAGE })
    : z.parse(alreadySubscribedAnswer, { status, message: NEWSLETTER_ALREADY_MESSAGE });
}
