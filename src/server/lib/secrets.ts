import 'server-only';
import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Whether a secret a caller presented is the expected one, in constant time. Both are hashed first, so the
 * comparison takes the same time whatever the lengths (`timingSafeEqual` needs buffers of one length, and an
 * early length test would tell the secret's length).
 */
export function isSameSecret(given: string, expected: string): boolean {
  if (expected.length === 0) return false;
  return timingSafeEqual(digest(given), digest(expected));
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
