import './zod-setup';
import * as z from 'zod/mini';

/**
 * The newsletter calls (spec sections 4, 7 and 8): their messages, word for word, statuses and answers, shared
 * by the browser code, the route handlers and the tests. Zod Mini: the browser parses these answers; the bodies
 * the routes read are in ./newsletter-query.ts (full Zod, server only).
 */
export const NEWSLETTER_SUCCESS_MESSAGE = 'Merci pour votre inscription à notre newsletter !';
export const NEWSLETTER_ALREADY_MESSAGE = 'Vous êtes déjà inscrit à la newsletter';
export const NEWSLETTER_ERROR_MESSAGE = 'Une erreur est survenue, merci de ré-essayer ultérieurement';
export const UNSUBSCRIBE_DONE_MESSAGE = 'Votre désinscription a bien été prise en compte.';

/** Statuses of the subscription call (spec section 7). */
export const NEWSLETTER_SUBSCRIBED_STATUS = 200;
export const NEWSLETTER_ALREADY_STATUS = 209;

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

/** The answer of an unsubscription with the signed token of our e-mails' links: the address is unsubscribed. */
export const UNSUBSCRIBE_MESSAGE =
  'Votre demande a bien été prise en compte : cette adresse ne recevra plus la newsletter.';

/** The answer to an unsubscription without the signed link: a link is e-mailed instead (same for every address). */
export const UNSUBSCRIBE_CONFIRMATION_SENT_MESSAGE =
  'Pour confirmer la désinscription, cliquez sur le lien que nous venons d’envoyer à cette adresse si elle est inscrite à la newsletter.';

/**
 * Answer of POST /api/contentAlert/unsubscribe, 200: plain text (`text/plain; charset=utf-8`), the same for any
 * valid address, subscribed or not (ASVS 6.3.8).
 */
export const unsubscribeAnswer = z.enum([UNSUBSCRIBE_MESSAGE, UNSUBSCRIBE_CONFIRMATION_SENT_MESSAGE]);
export type UnsubscribeAnswer = z.infer<typeof unsubscribeAnswer>;

/** A 204 to an unsubscription (spec section 5: the client shows UNSUBSCRIBE_DONE_MESSAGE); this server sends 200. */
export const UNSUBSCRIBE_NO_CONTENT_STATUS = 204;
