import 'server-only';
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { decodeSecretKey, env } from '../env';
import { logger } from '../log';

// Secrets the newsroom must read back (the staff's TOTP secrets) are stored encrypted with AES-256-GCM under a
// key derived from NEWSROOM_SECRET_KEY, so a copy of the database (a backup, a replica) does not give away the
// second factor of every staff member. node:crypto does the cryptography; what is ours is the stored format and
// the binding of each value to its row (docs/decisions/019-newsroom-secret-encryption.md).
//
// Stored format: `v1.<key id>.<base64url(nonce ‖ ciphertext ‖ tag)>`. The key id (8 characters of a hash of the
// derived key) tells a value sealed under another key from a tampered one. A base32 secret stored in clear
// before encryption existed never contains a dot.

const FORMAT = 'v1';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/**
 * The key of development and tests only (APP_ENV development or test): public, in this file. Production and
 * staging refuse to start without NEWSROOM_SECRET_KEY (src/server/env.ts).
 */
const DEVELOPMENT_KEY = 'ZGV2ZWxvcHBlbWVudC11bmlxdWVtZW50LXB1YmxpYyE='; // "developpement-uniquement-public!"

export type SecretKey = { key: Buffer; id: string };

/** The AES-256 key of one purpose, derived from the master key with HKDF-SHA256. */
export function deriveSecretKey(master: Buffer, purpose: string): SecretKey {
  const key = Buffer.from(
    hkdfSync('sha256', master, Buffer.alloc(0), `quotidienne:${purpose}:${FORMAT}`, 32),
  );
  return { key, id: createHash('sha256').update(key).digest('base64url').slice(0, 8) };
}

let cached: { master: string; key: SecretKey } | undefined;

/** The key sealing the staff's TOTP secrets: from NEWSROOM_SECRET_KEY, or the development key with a warning. */
export function totpSecretKey(): SecretKey {
  const configured = env().NEWSROOM_SECRET_KEY;
  const master = configured ?? DEVELOPMENT_KEY;
  if (cached?.master !== master) {
    if (!configured) {
      logger.warn(
        'NEWSROOM_SECRET_KEY absent : clé de développement utilisée pour les secrets de la rédaction',
      );
    }
    cached = { master, key: deriveSecretKey(decodeSecretKey(master) as Buffer, 'staff-totp-secret') };
  }
  return cached.key;
}

/** Whether a stored value is sealed (else it is a secret stored in clear before encryption). */
export function isSealed(stored: string): boolean {
  return stored.startsWith(`${FORMAT}.`);
}

/** The key id a sealed value names. */
export function sealedKeyId(stored: string): string | null {
  return isSealed(stored) ? (stored.split('.')[1] ?? null) : null;
}

/** Encrypts `plain`, bound to `context` (the row it belongs to): it opens under that context only. */
export function sealSecret(plain: string, context: string, key: SecretKey): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key.key, nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([nonce, cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${FORMAT}.${key.id}.${body.toString('base64url')}`;
}

export class SecretKeyMismatchError extends Error {
  constructor(readonly keyId: string | null) {
    super(
      `secret chiffré avec une autre clé (${keyId ?? 'format inconnu'}) : NEWSROOM_SECRET_KEY a-t-elle changé ?`,
    );
    this.name = 'SecretKeyMismatchError';
  }
}

/**
 * Decrypts a sealed value. Throws SecretKeyMismatchError for a value sealed under another key, and an error for
 * a value altered, truncated or moved to another row (GCM's tag does not verify).
 */
export function openSecret(stored: string, context: string, key: SecretKey): string {
  const [format, keyId, encoded] = stored.split('.');
  if (format !== FORMAT || keyId !== key.id || encoded === undefined) {
    throw new SecretKeyMismatchError(keyId ?? null);
  }
  const body = Buffer.from(encoded, 'base64url');
  if (body.length < NONCE_BYTES + TAG_BYTES) throw new Error('secret chiffré tronqué');
  const decipher = createDecipheriv('aes-256-gcm', key.key, body.subarray(0, NONCE_BYTES), {
    authTagLength: TAG_BYTES,
  });
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
  return Buffer.concat([
    decipher.update(body.subarray(NONCE_BYTES, body.length - TAG_BYTES)),
    decipher.final(),
  ]).toString('utf8');
}
