/**
 * CRC-32 of a concatenation from the CRC-32 of its parts, as zlib's `crc32_combine` (not exposed by node:zlib):
 * the gzip answers of the page cache end with the checksum of a page whose nonce changes on every answer, so the
 * checksum of each stretch between the nonce's places is computed once and combined with the new nonce's
 * (a few multiplications per answer, where the whole page was checksummed per answer before).
 *
 * Arithmetic on polynomials over GF(2) modulo the CRC-32 polynomial (reflected), as in zlib's crc32.c.
 */
const POLY = 0xedb88320;

/** a(x) * b(x) modulo p(x). */
function multiplyModP(a: number, b: number): number {
  let m = 0x80000000;
  let product = 0;
  let factor = b >>> 0;
  for (;;) {
    if ((a & m) !== 0) {
      product ^= factor;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    factor = factor & 1 ? (factor >>> 1) ^ POLY : factor >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo p(x), k = 0…31. */
const X_TO_2_TO_K = (() => {
  const table: number[] = [];
  let p = 0x40000000; // x^1
  table.push(p);
  for (let k = 1; k < 32; k += 1) {
    p = multiplyModP(p, p);
    table.push(p);
  }
  return table;
})();

/**
 * The operator that appends `length` bytes to a CRC: x^(8 * length) modulo p(x). Depends on the length alone, so
 * it can be computed once for a stretch of fixed length.
 */
export function crc32Shift(length: number): number {
  let p = 0x80000000; // x^0
  let n = length;
  let k = 3; // 2^3 = 8 bits a byte
  while (n > 0) {
    if (n & 1) p = multiplyModP(X_TO_2_TO_K[k & 31] as number, p);
    n = Math.floor(n / 2);
    k += 1;
  }
  return p;
}

/** CRC-32 of A followed by B, from crc(A), crc(B) and the shift of B's length (`crc32Shift(B.length)`). */
export function crc32Combine(crcA: number, crcB: number, shiftOfB: number): number {
  return (multiplyModP(shiftOfB, crcA) ^ crcB) >>> 0;
}
