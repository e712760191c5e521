import { describe, expect, it } from 'vitest';
import {
  deriveSecretKey,
  isSealed,
  openSecret,
  SecretKeyMismatchError,
  sealedKeyId,
  sealSecret,
  totpSecretKey,
} from './secret-box';
import { newTotpSecret } from './totp';

const key = deriveSecretKey(Buffer.alloc(32, 1), 'staff-totp-secret');
const otherKey = deriveSecretKey(Buffer.alloc(32, 2), 'staff-totp-secret');

describe('sealed secrets (AES-256-GCM)', () => {
  it('seals a TOTP secret so that it opens only with its key and its context', () => {
    const { secret } = newTotpSecret('a@redaction.test');
    const sealed = sealSecret(secret, 'staff:1', key);
    expect(sealed).toMatch(new RegExp(`^v1\\.${key.id}\\.[A-Za-z0-9_-]+$`));
    expect(sealed).not.toContain(secret);
    expect(isSealed(sealed)).toBe(true);
    expect(isSealed(secret)).toBe(false);
    expect(sealedKeyId(sealed)).toBe(key.id);
    expect(openSecret(sealed, 'staff:1', key)).toBe(secret);
    // A fresh nonce each time: the same secret never seals to the same text.
    expect(sealSecret(secret, 'staff:1', key)).not.toBe(sealed);
    // Moved to another row: the tag does not verify.
    expect(() => openSecret(sealed, 'staff:2', key)).toThrow();
    // Under another key: said so, not mistaken for tampering.
    expect(() => openSecret(sealed, 'staff:1', otherKey)).toThrow(SecretKeyMismatchError);
  });

  it('refuses a value altered or truncated', () => {
    const sealed = sealSecret('JBSWY3DPEHPK3PXP', 'staff:1', key);
    const body = Buffer.from(sealed.split('.')[2] ?? '', 'base64url');
    body[body.length - 20] = (body[body.length - 20] ?? 0) ^ 1;
    const altered = `v1.${key.id}.${body.toString('base64url')}`;
    expect(() => openSecret(altered, 'staff:1', key)).toThrow();
    expect(() => openSecret(`v1.${key.id}.AAAA`, 'staff:1', key)).toThrow(/tronqué/);
  });

  it('derives a different key per purpose and per master key', () => {
    expect(deriveSecretKey(Buffer.alloc(32, 1), 'autre').key.equals(key.key)).toBe(false);
    expect(otherKey.id).not.toBe(key.id);
    expect(key.key).toHaveLength(32);
  });

  it('uses the public development key without NEWSROOM_SECRET_KEY outside production', () => {
    const developmentKey = totpSecretKey();
    expect(developmentKey.key).toHaveLength(32);
    expect(openSecret(sealSecret('secret', 'staff:9', developmentKey), 'staff:9', totpSecretKey())).toBe(
      'secret',
    );
  });
});
