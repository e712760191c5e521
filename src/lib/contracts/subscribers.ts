import './zod-setup';
import { z } from 'zod';
import { dateTimeSchema } from './article';

// Newsletter subscribers in the Admin API (/api/admin/subscribers, docs/ADMIN-API.md).

const SUBSCRIBER_STATUSES = ['active', 'inactive'] as const;

export const subscriberListQuery = z.object({
  /** Words of the address. */
  q: z.string().trim().min(1).max(254).optional(),
  status: z.enum(SUBSCRIBER_STATUSES, { error: 'doit valoir active ou inactive' }).optional(),
  page: z.coerce.number().int('doit être un entier').min(1).max(10_000).default(1),
});

export const subscriberSchema = z.object({
  email: z.string(),
  active: z.boolean(),
  source: z.string(),
  subscribedAt: dateTimeSchema,
  unsubscribedAt: dateTimeSchema.nullable(),
  name: z.string().nullable(),
  trade: z.string().nullable(),
  /** The proof of consent recorded by staff instead of the double opt-in (source, day AAAA-MM-JJ). */
  consentSource: z.string().nullable(),
  consentDate: z.string().nullable(),
});
export type Subscriber = z.infer<typeof subscriberSchema>;

export const subscriberListAnswer = z.object({
  items: z.array(subscriberSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageCount: z.number().int(),
  /** Over all subscribers, whatever the filters. */
  counts: z.object({ active: z.number().int(), inactive: z.number().int() }),
});
export type SubscriberListAnswer = z.infer<typeof subscriberListAnswer>;

/** POST /api/admin/subscribers/unsubscribe */
export const subscriberUnsubscribeBody = z.strictObject({
  email: z.string().trim().max(254, 'adresse trop longue').email('adresse e-mail invalide'),
});

/** POST /api/admin/subscribers/resubscribe: the same body; the address gets the confirmation e-mail again. */
export const subscriberResubscribeAnswer = z.object({
  email: z.string(),
  status: z.literal('confirmation_sent'),
});
export type SubscriberResubscribeAnswer = z.infer<typeof subscriberResubscribeAnswer>;

/** GET /api/admin/subscribers/daily?days=N: subscriptions and unsubscriptions per day (Paris), oldest first. */
export const subscriberDailyQuery = z.object({
  days: z.coerce.number().int('doit être un entier').min(1, 'au moins 1').max(366, 'au plus 366').default(30),
});
export const subscriberDailyAnswer = z.object({
  days: z.array(z.object({ day: z.string(), subscribed: z.number().int(), unsubscribed: z.number().int() })),
});
export type SubscriberDailyAnswer = z.infer<typeof subscriberDailyAnswer>;

/** Limits of a subscriber import: the file's size and its rows (header excluded). */
export const SUBSCRIBER_IMPORT_LIMITS = { maxBytes: 2 * 1024 * 1024, maxRows: 10_000 } as const;

/**
 * POST /api/admin/subscribers: one address added by staff. With a proof of consent (source and day, both) it is
 * subscribed at once; without, it gets the double opt-in e-mail and is subscribed once it follows the link.
 */
export const subscriberAddBody = z.strictObject({
  email: z.string().trim().max(254, 'adresse trop longue').email('adresse e-mail invalide'),
  name: z.string().trim().max(200, 'au plus 200 caractères').optional(),
  trade: z.string().trim().max(60, 'au plus 60 caractères').optional(),
  consentSource: z.string().trim().max(200, 'au plus 200 caractères').optional(),
  consentDate: z.iso.date({ error: 'doit être une date AAAA-MM-JJ' }).optional(),
});
export type SubscriberAddBody = z.infer<typeof subscriberAddBody>;

/** What adding one address did: subscribed with its proof of consent, or the confirmation e-mail queued. */
export const subscriberAddAnswer = z.object({
  email: z.string(),
  status: z.enum(['subscribed', 'confirmation_sent']),
});
export type SubscriberAddAnswer = z.infer<typeof subscriberAddAnswer>;

/** POST /api/admin/subscribers/import?mode=preview|commit, the CSV file as the body (text/csv). */
export const subscriberImportQuery = z.object({
  mode: z.enum(['preview', 'commit'], { error: 'doit valoir preview ou commit' }).default('preview'),
});

const lineList = z.array(z.object({ line: z.number().int(), email: z.string() }));

/**
 * The report of an import, before it (`committed: false`, nothing written) and after it. `subscribed`: new
 * addresses with a proof of consent; `confirmationSent`: new addresses without, which get the double opt-in
 * e-mail; `alreadySubscribed` and `unsubscribed` (left as they are: a former subscriber is never subscribed
 * again by an import); `duplicates`: an address already on an earlier line; `invalid`: the rows refused, with
 * their line and French reasons (any of them and nothing is imported).
 */
export const subscriberImportReport = z.object({
  committed: z.boolean(),
  rows: z.number().int(),
  subscribed: z.number().int(),
  confirmationSent: z.number().int(),
  alreadySubscribed: lineList,
  unsubscribed: lineList,
  duplicates: lineList,
  invalid: z.array(z.object({ line: z.number().int(), reasons: z.array(z.string()) })),
});
export type SubscriberImportReport = z.infer<typeof subscriberImportReport>;
