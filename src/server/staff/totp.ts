import 'server-only';
import { Secret, TOTP } from 'otpauth';

// Time-based one-time passwords (RFC 6238) with otpauth: the library generates the secret and checks codes;
// what is ours is the replay guard (a code is accepted once) and where the secret lives
// (docs/decisions/011-newsroom-staff-auth.md).

const ISSUER = 'La Quotidienne – Rédaction';
const PERIOD_SECONDS = 30;
/** One period either side: a phone's clock a little off still works, a code lives at most 90 s. */
const WINDOW = 1;

function totpFor(secret: string, label: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** A new 160-bit secret (base32) and the otpauth:// URI an authenticator app reads. */
export function newTotpSecret(label: string): { secret: string; uri: string } {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, uri: totpFor(secret, label).toString() };
}

/**
 * The time step a code belongs to, or null if the code is wrong, or not newer than `lastStep` (a code seen
 * once is refused: someone reading it over a shoulder cannot reuse it).
 */
export function acceptedTotpStep(
  secret: string,
  code: string,
  lastStep: number | null,
  now: number = Date.now(),
): number | null {
  const delta = totpFor(secret, 'check').validate({ token: code, timestamp: now, window: WINDOW });
  if (delta === null) return null;
  const step = Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
  if (lastStep !== null && step <= lastStep) return null;
  return step;
}

/** The current code of a secret (tests, and the demo accounts' start log never shows it). */
export function currentTotpCode(secret: string, now: number = Date.now()): string {
  return totpFor(secret, 'code').generate({ timestamp: now });
}
