// The gzip trailer of a page-cache answer (src/server/http/page-cache.ts), not a timed test: its CRC-32 over the
// whole page per answer (before 2026-11-26) against combining the stored stretches' CRCs with the new nonce's.
//
//   node --import tsx bench/load/gzip-trailer.ts
//
// A 150 KB page with its nonce in 4 places (a cached article page has 3 to 6), 20,000 answers each way.
import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { crc32Combine, crc32Shift } from '../../src/server/http/crc32-combine';

const PAGE_BYTES = 150_000;
const PLACES = 4;
const ANSWERS = 20_000;
const nonce = () => Buffer.from(randomBytes(16).toString('base64'), 'latin1');
const stretchLength = Math.floor((PAGE_BYTES - PLACES * 24) / (PLACES + 1));
const stretches = Array.from({ length: PLACES + 1 }, () => randomBytes(stretchLength));
const crcs = stretches.map((stretch) => crc32(stretch));
const shifts = stretches.map((stretch) => crc32Shift(stretch.length));
const nonceShift = crc32Shift(24);

function whole(fresh: Buffer): number {
  let checksum = 0;
  stretches.forEach((stretch, index) => {
    if (index > 0) checksum = crc32(fresh, checksum);
    checksum = crc32(stretch, checksum);
  });
  return checksum >>> 0;
}

function combined(fresh: Buffer): number {
  const nonceCrc = crc32(fresh);
  let checksum = crcs[0] ?? 0;
  for (let index = 1; index < stretches.length; index += 1) {
    checksum = crc32Combine(
      crc32Combine(checksum, nonceCrc, nonceShift),
      crcs[index] ?? 0,
      shifts[index] ?? 0,
    );
  }
  return checksum;
}

const nonces = Array.from({ length: ANSWERS }, nonce);
for (const fresh of nonces.slice(0, 100))
  if (whole(fresh) !== combined(fresh)) throw new Error('CRC différent');
const time = (run: (fresh: Buffer) => number) => {
  const started = process.hrtime.bigint();
  let sink = 0;
  for (const fresh of nonces) sink ^= run(fresh);
  return { microsecondsPerAnswer: Number(process.hrtime.bigint() - started) / 1000 / ANSWERS, sink };
};
const before = time(whole);
const after = time(combined);
console.log(
  `page ${PAGE_BYTES} octets, nonce en ${PLACES} places : CRC de la page entière ${before.microsecondsPerAnswer.toFixed(1)} µs/réponse, combiné ${after.microsecondsPerAnswer.toFixed(2)} µs/réponse`,
);
