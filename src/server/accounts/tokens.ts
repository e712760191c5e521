import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accountTokens } from '../db/schema';
import { hashToken } from './sessions';

/**
 * Single-use links sent by e-mail (password reset, confirmation of an address, change of address, newsletter
 * subscription). The token is 256 random bits; only its SHA-256 is stored, so a copy of the table opens nothing.
 * Using one is a single update that checks its purpose, its expiry and that it was not used before: two clicks
 * racing each other cannot both succeed.
 */
export type TokenPurpose =
  | 'password_reset'
  | 'email_confirmation'
  | 'email_change'
  | 'newsletter_confirmation';

const HOUR = 3600;
/** How long each kind of link works. */
const TOKEN_TTL_SECONDS: Record<TokenPurpose, number> = {
  password_reset: HOUR,
  email_confirmation: 7 * 24 * HOUR,
  email_change: 24 * HOUR,
  newsletter_confirmation: 7 * 24 * HOUR,
};

/** Tokens carried in a URL are 43 base64url characters; anything else is not worth a query. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const INVALID_CONFIRMATION_LINK_MESSAGE =
  'Ce lien de confirmation n’est plus valable : il a expiré ou a déjà servi.';

export type IssuedToken = { token: string; expiresAt: Date };

/**
 * A new token and the statement that stores it when `condition` holds (returning its address), for a caller that
 * stores it and queues the e-mail carrying it in one statement (`subscribe`): both are committed or neither is.
 */
export function tokenInsert(
  purpose: TokenPurpose,
  email: string,
  customerId: number | null,
): IssuedToken & { insert: (condition: SQL) => SQL } {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + TOKEN_TTL_SECONDS[purpose] * 1000);
  return {
    token,
    expiresAt,
    insert: (condition) =>
      sql`insert into ${accountTokens} (token_hash, purpose, email, customer_id, expires_at)
        select ${hashToken(token)}, ${purpose}, ${email}, ${customerId}::int, ${expiresAt.toISOString()}::timestamptz
        where ${condition}
        returning email`,
  };
}

/** Stores a new token (in the caller's transaction, beside the e-mail that carries it) and returns it. */
export async function issueToken(
  db: Db,
  purpose: TokenPurpose,
  email: string,
  customerId: number | null,
): Promise<IssuedToken> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + TOKEN_TTL_SECONDS[purpose] * 1000);
  await db
    .insert(accountTokens)
    .values({ tokenHash: hashToken(token), purpose, email, customerId, expiresAt });
  return { token, expiresAt };
}

/** One new token per address (a bulk import's confirmations), stored in one statement per 1,000. */
export async function issueTokens(
  db: Db,
  purpose: TokenPurpose,
  emails: readonly string[],
): Promise<Map<string, string>> {
  const expiresAt = new Date(Date.now() + TOKEN_TTL_SECONDS[purpose] * 1000);
  const issued = new Map(emails.map((email) => [email, randomBytes(32).toString('base64url')]));
  const rows = [...issued].map(([email, token]) => ({
    tokenHash: hashToken(token),
    purpose,
    email,
    customerId: null,
    expiresAt,
  }));
  for (let start = 0; start < rows.length; start += 1_000) {
    await db.insert(accountTokens).values(rows.slice(start, start + 1_000));
  }
  return issued;
}

export type UsedToken = { email: string; customerId: number | null };

function usable(purpose: TokenPurpose, token: string) {
  return and(
    eq(accountTokens.tokenHash, hashToken(token)),
    eq(accountTokens.purpose, purpose),
    isNull(accountTokens.usedAt),
    gt(accountTokens.expiresAt, sql`now()`),
  );
}

/** Uses a token once: its address and account, or null when unknown, expired, used or of another purpose. */
export async function consumeToken(db: Db, purpose: TokenPurpose, token: unknown): Promise<UsedToken | null> {
  if (typeof token !== 'string' || !TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(usable(purpose, token))
    .returning({ email: accountTokens.email, customerId: accountTokens.customerId });
  return row ?? null;
}

/** Whether a token could be used now (the reset page shows its form only then); uses nothing. */
export async function tokenIsUsable(db: Db, purpose: TokenPurpose, token: unknown): Promise<boolean> {
  if (typeof token !== 'string' || !TOKEN_PATTERN.test(token)) return false;
  const rows = await db
    .select({ email: accountTokens.email })
    .from(accountTokens)
    .where(usable(purpose, token))
    .limit(1);
  return rows.length > 0;
}

/** Ends the unused tokens of one purpose for an account (a newer reset link replaces the older ones). */
export async function revokeTokens(db: Db, purpose: TokenPurpose, customerId: number): Promise<void> {
  await db
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(accountTokens.customerId, customerId),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
      ),
    );
}
