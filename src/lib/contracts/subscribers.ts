import './zod-setup';
import { z } from 'zod';
import { dateTimeSchema } from './article';

// Newsletter subscribers in the Admin API (/api/admin/subscribers, docs/ADMIN-API.md).

export const SUBSCRIBER_STATUSES = ['active', 'inactive'] as const;

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
