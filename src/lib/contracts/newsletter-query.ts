/**
 * The bodies of the newsletter calls, validated by their route handlers. Full Zod: these run on the server only,
 * so they stay out of ./newsletter.ts, whose answers the browser parses (Zod Mini).
 */
import { z } from 'zod';

const email = z.string().max(1000);

/** Body of POST /api/contentAlert/subscription (form-encoded or JSON). */
export const subscriptionBody = z.object({
  email,
  /** The newsletter block sends true; false is not a way to unsubscribe (that is /contentAlert/unsubscribe). */
  isSubscribing: z
    .preprocess(
      (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
      z.union([z.literal(true), z.enum(['true', '1', 'on'])], { error: 'isSubscribing doit valoir true.' }),
    )
    .optional(),
});

/**
 * Body of POST /api/contentAlert/unsubscribe. `token`: the signed token of our e-mails' links; without a valid
 * one a confirmation link is e-mailed instead.
 */
export const unsubscribeBody = z.object({
  email,
  token: z.string().max(200).optional(),
  /** The campaign whose link was followed (its results count the unsubscription); ignored when not an id. */
  campaign: z.string().max(20).optional(),
});
