/**
 * The newsletter calls' messages (spec sections 4, 7 and 8), word for word, and statuses: the part of the newsletter
 * contract without Zod, which the reader's forms import on every page (the schemas, in ./newsletter.ts, are
 * loaded with the first answer to parse).
 */
export const NEWSLETTER_SUCCESS_MESSAGE = 'Merci pour votre inscription à notre newsletter !';
export const NEWSLETTER_ALREADY_MESSAGE = 'Vous êtes déjà inscrit à la newsletter';
export const NEWSLETTER_ERROR_MESSAGE = 'Une erreur est survenue, merci de ré-essayer ultérieurement';
export const UNSUBSCRIBE_DONE_MESSAGE = 'Votre désinscription a bien été prise en compte.';

/** Statuses of the subscription call (spec section 7). */
export const NEWSLETTER_SUBSCRIBED_STATUS = 200;
export const NEWSLETTER_ALREADY_STATUS = 209;

/** The answer of an unsubscription with the signed token of our e-mails' links: the address is unsubscribed. */
export const UNSUBSCRIBE_MESSAGE =
  'Votre demande a bien été prise en compte : cette adresse ne recevra plus la newsletter.';

/** The answer to an unsubscription without the signed link: a link is e-mailed instead (same for every address). */
export const UNSUBSCRIBE_CONFIRMATION_SENT_MESSAGE =
  'Pour confirmer la désinscription, cliquez sur le lien que nous venons d’envoyer à cette adresse si elle est inscrite à la newsletter.';

/** A 204 to an unsubscription (spec section 5: the client shows UNSUBSCRIBE_DONE_MESSAGE); this server sends 200. */
export const UNSUBSCRIBE_NO_CONTENT_STATUS = 204;
