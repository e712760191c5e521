import 'server-only';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { constants, crc32, deflateRaw, deflateRawSync } from 'node:zlib';
import { freshNonce } from '../observability/security-headers';
import { crc32Combine, crc32Shift } from './crc32-combine';
import {
  acceptsGzip,
  type Entry,
  type GzipPieces,
  resize,
  type Slot,
  type StoredNonce,
} from './page-cache-store';

/**
 * The page cache's nonce renewal: every HTML answer gets a CSP nonce of its own, written over the places the stored
 * nonce held, plain or gzip (pieces compressed once, spliced around the nonce, the trailer's CRC-32 combined).
 */

/**
 * An HTML page answered with a nonce of its own: written over each place the stored nonce held in the body and
 * in the policy, around the stored bytes (no copy of the page per answer).
 */
export function answerWithFreshNonce(
  request: IncomingMessage,
  response: ServerResponse,
  entry: Entry,
  stored: StoredNonce,
  /** Where the entry is kept (its size grows with its compressed pieces), null for an answer sent once. */
  slot: Slot | null,
): void {
  const nonce = freshNonce();
  const policy = String(entry.headers['content-security-policy']);
  response.setHeader(
    'content-security-policy',
    policy.replaceAll(`'nonce-${stored.value}'`, `'nonce-${nonce}'`),
  );
  const fresh = Buffer.from(nonce, 'latin1');
  const gzipped = acceptsGzip(request);
  const parts = gzipped ? gzipWithNonce(entry, stored, fresh, slot) : plainWithNonce(entry, stored, fresh);
  if (gzipped) response.setHeader('content-encoding', 'gzip');
  response.setHeader(
    'content-length',
    parts.reduce((sum, part) => sum + part.length, 0),
  );
  if (request.method === 'HEAD') {
    response.end();
    return;
  }
  response.cork();
  for (const part of parts.slice(0, -1)) response.write(part);
  response.end(parts.at(-1));
}

/** The stored body around the new nonce. */
function plainWithNonce(entry: Entry, stored: StoredNonce, fresh: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let from = 0;
  for (const offset of stored.offsets) {
    parts.push(entry.body.subarray(from, offset), fresh);
    from = offset + fresh.length;
  }
  parts.push(entry.body.subarray(from));
  return parts;
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);

/**
 * The gzip form of the body with a new nonce, from pieces compressed once: each stretch between two places of the
 * nonce is a deflate stream of its own ended by a full flush (so it needs nothing before it and ends on a byte
 * boundary), the nonce goes in between as a stored block, and the gzip trailer's checksum is computed over the
 * uncompressed bytes of this answer. About a tenth of a millisecond per answer where compressing the page took
 * several; the pieces weigh a little more than one compressed page.
 */
function gzipWithNonce(entry: Entry, stored: StoredNonce, fresh: Buffer, slot: Slot | null): Buffer[] {
  if (!stored.gzipPieces) {
    const stretches = stretchesOf(entry, stored);
    stored.gzipPieces = piecesOf(
      stretches,
      stretches.map((stretch, index) =>
        deflateRawSync(stretch, { finishFlush: finishFlushOf(index, stretches) }),
      ),
    );
    if (slot) resize(slot, entry);
  }
  const { deflated, crcs, shifts } = stored.gzipPieces;
  const nonceBlock = Buffer.alloc(5 + fresh.length);
  // BFINAL 0, BTYPE 00 (stored), then LEN and its complement, little-endian.
  nonceBlock.writeUInt16LE(fresh.length, 1);
  nonceBlock.writeUInt16LE(~fresh.length & 0xffff, 3);
  fresh.copy(nonceBlock, 5);
  const parts: Buffer[] = [GZIP_HEADER];
  // The trailer's checksum, from the stretches' own and the new nonce's: the page is not read again.
  const nonceCrc = crc32(fresh);
  const nonceShift = fresh.length === FRESH_NONCE_LENGTH ? FRESH_NONCE_SHIFT : crc32Shift(fresh.length);
  let checksum = crcs[0] ?? 0;
  deflated.forEach((piece, index) => {
    if (index > 0) {
      parts.push(nonceBlock);
      checksum = crc32Combine(
        crc32Combine(checksum, nonceCrc, nonceShift),
        crcs[index] ?? 0,
        shifts[index] ?? 0,
      );
    }
    parts.push(piece);
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(checksum >>> 0, 0);
  trailer.writeUInt32LE(entry.body.length >>> 0, 4);
  parts.push(trailer);
  return parts;
}

/** The stretches of the body between the nonce's places. */
function stretchesOf(entry: Entry, stored: StoredNonce): Buffer[] {
  const stretches: Buffer[] = [];
  let from = 0;
  for (const offset of stored.offsets) {
    stretches.push(entry.body.subarray(from, offset));
    from = offset + stored.value.length;
  }
  stretches.push(entry.body.subarray(from));
  return stretches;
}

/** Each stretch but the last ends with a full flush (a byte boundary, nothing owed to what follows). */
function finishFlushOf(index: number, stretches: Buffer[]): number {
  return index === stretches.length - 1 ? constants.Z_FINISH : constants.Z_FULL_FLUSH;
}

function piecesOf(stretches: Buffer[], deflated: Buffer[]): GzipPieces {
  return {
    deflated,
    crcs: stretches.map((stretch) => crc32(stretch)),
    shifts: stretches.map((stretch) => crc32Shift(stretch.length)),
  };
}

/**
 * Compresses a stored page's pieces on libuv's threads, off the event loop: for a refresh that replaced a copy
 * readers asked in gzip, whose first gzip reader would otherwise compress the whole page on the event loop (several
 * milliseconds) every time the page is refreshed. A gzip answer before it ends compresses as before.
 */
export function compressInBackground(slot: Slot, entry: Entry, stored: StoredNonce): void {
  const stretches = stretchesOf(entry, stored);
  void Promise.all(
    stretches.map(
      (stretch, index) =>
        new Promise<Buffer>((resolve, reject) =>
          deflateRaw(stretch, { finishFlush: finishFlushOf(index, stretches) }, (error, result) =>
            error ? reject(error) : resolve(result),
          ),
        ),
    ),
  ).then(
    (deflated) => {
      if (stored.gzipPieces) return;
      stored.gzipPieces = piecesOf(stretches, deflated);
      resize(slot, entry);
    },
    () => {}, // Compressed on demand instead.
  );
}

const FRESH_NONCE_LENGTH = freshNonce().length;

const FRESH_NONCE_SHIFT = crc32Shift(FRESH_NONCE_LENGTH);

/** The nonce of a page's policy, when it is one a fresh nonce can be written over (same length). */
export function policyNonce(response: ServerResponse): string | null {
  const value = /'nonce-([A-Za-z0-9+/=]+)'/.exec(
    String(response.getHeader('content-security-policy') ?? ''),
  )?.[1];
  return value && value.length === FRESH_NONCE_LENGTH ? value : null;
}

/** Every place `value` sits in the body. */
export function offsetsOf(body: Buffer, value: string): number[] {
  const offsets: number[] = [];
  for (let at = body.indexOf(value); at !== -1; at = body.indexOf(value, at + value.length)) offsets.push(at);
  return offsets;
}
