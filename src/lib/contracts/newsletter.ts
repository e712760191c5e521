import './zod-setup';
import * as z from 'zod/mini';
import {
  NEWSLETTER_ALREADY_MESSAGE,
  NEWSLETTER_SUCCESS_MESSAGE,
  UNSUBSCRIBE_CONFIRMATION_SENT_MESSAGE,
  UNSUBSCRIBE_MESSAGE,
} from './newsletter-messages';

/**
 * The newsletter calls' answers (spec sections 4, 7 and 8), shared by the browser code, the route handlers and the
 * tests; their messages and statuses are in ./newsletter-messages.ts. Zod Mini: the browser parses these answers;
 * the bodies the routes read are in ./newsletter-query.ts (full Zod, server only).
 */

/** Answer of POST /api/contentAlert/subscription, 200: the confirmation e-mail is queued. */
export const subscribedAnswer = z.object({
  status: z.literal('subscribed'),
  message: z.literal(NEWSLETTER_SUCCESS_MESSAGE),
});

/** Answer of POST /api/contentAlert/subscription, 209: the address is already subscribed. */
export const alreadySubscribedAnswer = z.object({
  status: z.literal('already'),
  message: z.literal(NEWSLETTER_ALREADY_MESSAGE),
});

export type SubscriptionAnswer = z.infer<typeof subscribedAnswer> | z.infer<typeof alreadySubscribedAnswer>;

/**
 * Answer of POST /api/contentAlert/unsubscribe, 200: plain text (`text/plain; charset=utf-8`), the same for any
 * valid address, subscribed or not (ASVS 6.3.8).
 */
export const unsubscribeAnswer = z.enum([UNSUBSCRIBE_MESSAGE, UNSUBSCRIBE_CONFIRMATION_SENT_MESSAGE]);
export type UnsubscribeAnswer = z.infer<typeof unsubscribeAnswer>;
