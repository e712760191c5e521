import { describe, expect, it } from 'vitest';
import { hashPassword, isCommonPassword, verifyPassword } from './passwords';

describe('isCommonPassword', () => {
  it.each(['password', 'Azerty', 'motdepasse', 'P@ssw0rd', 'Azerty123!', 'Soleil2024!!', '  Marseille13! '])(
    'refuses %j',
    (password) => {
      expect(isCommonPassword(password)).toBe(true);
    },
  );

  it.each(['Cl@ire-Compta-2024', 'tR8#vLq2!mZ', 'Ab1!', 'Zx9$'])('accepts %j', (password) => {
    expect(isCommonPassword(password)).toBe(false);
  });
});

describe('hashPassword and verifyPassword', () => {
  it('hashes with argon2id and a random salt, and verifies the trimmed password', async () => {
    const first = await hashPassword('Cl@ire-Compta-2024');
    const second = await hashPassword('Cl@ire-Compta-2024');
    expect(first).toMatch(/^\$argon2id\$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword(first, '  Cl@ire-Compta-2024 ')).toBe(true);
    expect(await verifyPassword(first, 'cl@ire-compta-2024')).toBe(false);
  });

  it('answers false without a stored hash or with a malformed one', async () => {
    expect(await verifyPassword(null, 'decoy password never used')).toBe(false);
    expect(await verifyPassword('pas-un-hash', 'Cl@ire-Compta-2024')).toBe(false);
  });
});

describe('password hashes take turns', () => {
  it('computes PASSWORD_HASH_CONCURRENCY (4) hashes at once in the process, the next ones in turn, same settings', async () => {
    const { hashTurnStats } = await import('./hash-turns');
    const seen: { running: number; waiting: number }[] = [];
    const watch = setInterval(() => seen.push(hashTurnStats()), 1);
    const hashes = await Promise.all([1, 2, 3, 4, 5, 6].map(() => hashPassword('Cl@ire-Compta-2024')));
    clearInterval(watch);
    expect(Math.max(...seen.map((stats) => stats.running))).toBe(4);
    expect(Math.max(...seen.map((stats) => stats.waiting))).toBeGreaterThan(0);
    for (const stored of hashes) {
      // OWASP's argon2id settings, unchanged: 19 MiB, 2 passes, 1 lane.
      expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(await verifyPassword(stored, 'Cl@ire-Compta-2024')).toBe(true);
    }
  });
});
