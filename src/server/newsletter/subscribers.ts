import 'server-only';
import { eq } from 'drizzle-orm';
import { newsletterSubscribers } from '../db/schema';

/**
 * Who receives the newsletter: the one condition every sending path uses (campaigns, `npm run newsletter:send`,
 * the subscriber counts). With double opt-in an address becomes `active` only once its owner confirmed it.
 */
export const isConfirmedSubscriber = eq(newsletterSubscribers.active, true);
