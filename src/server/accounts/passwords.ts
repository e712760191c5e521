import 'server-only';
import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { ACCOUNT_FORM_MESSAGES } from '@/lib/contracts/accounts';
import { normalizePassword } from '@/lib/validation';
import { env } from '../env';
import { observePasswordHash } from '../observability/metrics';
import { inHashTurn } from './hash-turns';

export const COMMON_PASSWORD_MESSAGE = ACCOUNT_FORM_MESSAGES.common_password;
export const PASSWORD_TOO_LONG_MESSAGE = ACCOUNT_FORM_MESSAGES.password_too_long;

/** Argon2id (the enum of @node-rs/argon2 is a const enum, absent at run time). */
const ARGON2ID = 2;
/** OWASP's argon2id settings: 19 MiB, 2 passes, 1 lane (ASVS 11.4.2). */
const HASH_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Runs one argon2id computation in its turn (PASSWORD_HASH_CONCURRENCY at once in this process, hash-turns.ts),
 * timing its wait and its computation for /metrics (`password_hash_seconds`).
 */
async function timedHash<T>(compute: () => Promise<T>): Promise<T> {
  const queued = performance.now();
  return inHashTurn(env().PASSWORD_HASH_CONCURRENCY, async () => {
    const started = performance.now();
    observePasswordHash('wait', (started - queued) / 1000);
    try {
      return await compute();
    } finally {
      observePasswordHash('hash', (performance.now() - started) / 1000);
    }
  });
}

/** A trimmed password as stored: an argon2id PHC string with its own random salt. */
export function hashPassword(password: string): Promise<string> {
  return timedHash(() => hash(normalizePassword(password), HASH_OPTIONS));
}

/** A hash computed once, verified against when the e-mail is unknown so both cases take the same time. */
let decoyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash; with no hash (unknown e-mail) checks a decoy instead, so the answer
 * time does not tell whether an account exists. A malformed hash counts as a mismatch.
 */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  decoyHash ??= hashPassword('decoy password never used');
  const target = storedHash ?? (await decoyHash);
  const matches = await timedHash(() => verify(target, normalizePassword(password))).catch(() => false);
  return storedHash !== null && matches;
}

let commonPasswords: ReadonlySet<string> | undefined;

/** Shortest base word worth checking once trailing digits and symbols are removed ("Azerty123!" -> "azerty"). */
const MIN_BASE_LENGTH = 4;

/**
 * True for a password of the common-password list (about 49,000 entries, lower case), as typed or once its
 * trailing digits and symbols are removed, since the class rule makes people append "1!" to a common word.
 */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(dictionary['passwords-common']);
  const lowered = normalizePassword(password).toLowerCase();
  if (commonPasswords.has(lowered)) return true;
  const base = lowered.replace(/[^\p{L}]+$/u, '');
  return base.length >= MIN_BASE_LENGTH && base !== lowered && commonPasswords.has(base);
}
