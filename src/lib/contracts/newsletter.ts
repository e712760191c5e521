/**
 * The newsletter calls (spec sections 4, 7 and 8): their messages, word for word, and statuses, shared by the
 * browser code, the route handlers and the tests.
 */
export const NEWSLETTER_SUCCESS_MESSAGE = 'Merci pour votre inscription à notre newsletter !';
export const NEWSLETTER_ALREADY_MESSAGE = 'Vous êtes déjà inscrit à la newsletter';
export const NEWSLETTER_ERROR_MESSAGE = 'Une erreur est survenue, merci de ré-essayer ultérieurement';
export const UNSUBSCRIBE_DONE_MESSAGE = 'Votre désinscription a bien été prise en compte.';

/** Statuses of the subscription call (spec section 7). */
export const NEWSLETTER_SUBSCRIBED_STATUS = 200;
export const NEWSLETTER_ALREADY_STATUS = 209;
