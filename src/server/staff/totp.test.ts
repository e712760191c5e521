import { describe, expect, it } from 'vitest';
import { acceptedTotpStep, currentTotpCode, newTotpSecret } from './totp';

describe('TOTP codes', () => {
  it('accepts the current code and its neighbours once, never an older step', () => {
    const { secret, uri } = newTotpSecret('a@redaction.test');
    expect(uri).toContain(`secret=${secret}`);
    const now = Date.parse('2026-01-01T12:00:10Z');
    const step = acceptedTotpStep(secret, currentTotpCode(secret, now), null, now);
    expect(step).toBe(Math.floor(now / 30_000));
    expect(acceptedTotpStep(secret, currentTotpCode(secret, now), step, now)).toBeNull();
    expect(acceptedTotpStep(secret, currentTotpCode(secret, now - 30_000), step, now)).toBeNull();
    expect(acceptedTotpStep(secret, currentTotpCode(secret, now + 30_000), step, now)).toBe((step ?? 0) + 1);
    expect(acceptedTotpStep(secret, currentTotpCode(secret, now + 120_000), null, now)).toBeNull();
  });
});
