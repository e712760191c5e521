import 'server-only';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { AgendaProfileForm, SizeBand, TaxRegime, VatRegime } from '@/lib/contracts/personal-agenda';
import { siteLink } from '../accounts/emails';
import { hashToken } from '../accounts/sessions';
import type { Db } from '../db/client';
import { agendaProfiles } from '../db/schema';
import type { AgendaFilter } from './deadlines';

/** The private feed's address: its token is its only credential (calendar apps send no cookie). */
const AGENDA_FEED_PATH = '/agenda/flux';

export type AgendaProfile = AgendaFilter & {
  customerId: number;
  emailReminders: boolean;
  /** When the current feed address was made; null without one. */
  feedCreatedAt: Date | null;
};

const profileColumns = {
  customerId: agendaProfiles.customerId,
  trades: agendaProfiles.trades,
  sizeBand: agendaProfiles.sizeBand,
  vatRegime: agendaProfiles.vatRegime,
  taxRegime: agendaProfiles.taxRegime,
  emailReminders: agendaProfiles.emailReminders,
  feedCreatedAt: agendaProfiles.feedCreatedAt,
};

type ProfileRow = Pick<typeof agendaProfiles.$inferSelect, keyof typeof profileColumns>;

function toProfile(row: ProfileRow): AgendaProfile {
  return {
    ...row,
    sizeBand: row.sizeBand as SizeBand | null,
    vatRegime: row.vatRegime as VatRegime | null,
    taxRegime: row.taxRegime as TaxRegime | null,
  };
}

export async function getAgendaProfile(db: Db, customerId: number): Promise<AgendaProfile | null> {
  const [row] = await db
    .select(profileColumns)
    .from(agendaProfiles)
    .where(eq(agendaProfiles.customerId, customerId));
  return row ? toProfile(row) : null;
}

/** Saves a reader's profile (Mon compte); the feed address, if any, stays. */
export async function saveAgendaProfile(db: Db, customerId: number, form: AgendaProfileForm): Promise<void> {
  const values = { ...form, trades: [...new Set(form.trades)] };
  await db
    .insert(agendaProfiles)
    .values({ customerId, ...values })
    .onConflictDoUpdate({ target: agendaProfiles.customerId, set: { ...values, updatedAt: sql`now()` } });
}

/**
 * A new private feed address: a random token whose hash replaces the previous one, so the old address answers
 * 404 at once. A reader without a profile gets one that lets every deadline through.
 */
export async function issueAgendaFeed(db: Db, customerId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const feed = { feedTokenHash: hashToken(token), feedCreatedAt: new Date() };
  await db
    .insert(agendaProfiles)
    .values({ customerId, ...feed })
    .onConflictDoUpdate({ target: agendaProfiles.customerId, set: feed });
  return siteLink(`${AGENDA_FEED_PATH}/${token}.ics`);
}

/** The profile a feed token opens, or null (unknown, replaced or malformed). */
export async function profileOfFeedToken(db: Db, token: string): Promise<AgendaProfile | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const [row] = await db
    .select(profileColumns)
    .from(agendaProfiles)
    .where(eq(agendaProfiles.feedTokenHash, hashToken(token)));
  return row ? toProfile(row) : null;
}
