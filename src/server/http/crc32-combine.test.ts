import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32Combine, crc32Shift } from './crc32-combine';

describe('crc32Combine', () => {
  it('gives the checksum of the concatenation, whatever the lengths (empty parts and 100 KB included)', () => {
    for (const [lengthA, lengthB] of [
      [0, 0],
      [0, 24],
      [1, 1],
      [24, 0],
      [7, 24],
      [100_000, 24],
      [24, 150_001],
      [65_536, 65_537],
    ] as const) {
      const a = randomBytes(lengthA);
      const b = randomBytes(lengthB);
      expect(crc32Combine(crc32(a), crc32(b), crc32Shift(b.length))).toBe(crc32(Buffer.concat([a, b])));
    }
  });

  it('chains over many parts as one pass over the whole would', () => {
    const parts = [
      randomBytes(5_000),
      Buffer.from('bm9uY2UtZnJhaWNoZQ=='),
      randomBytes(40_000),
      randomBytes(3),
    ];
    let combined = crc32(parts[0] as Buffer);
    for (const part of parts.slice(1))
      combined = crc32Combine(combined, crc32(part), crc32Shift(part.length));
    expect(combined).toBe(crc32(Buffer.concat(parts)));
  });
});
