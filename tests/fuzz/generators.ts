/**
 * Random and malformed request parts shared by the fuzz runs: the in-process one over /api
 * (tests/integration/api-fuzz.test.ts) and the HTTP one over every page and call of a running server
 * (bench/fuzz/run.ts). Seeded, so a run replays from its seed.
 */

/** mulberry32: small, fast and good enough to vary inputs. */
export function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)] as T;
  return { next, int, pick, chance: (probability: number) => next() < probability };
}

export type Random = ReturnType<typeof randomSource>;

/** Every parameter name the calls of section 7 know, plus a few strangers. */
export const NAMES = [
  'trade',
  'topic',
  'type',
  'thematicsId',
  'needsThematics',
  'from',
  'to',
  'limit',
  'page',
  'sort',
  'full',
  'newsId',
  'eshopCookie',
  'year',
  'nbProducts',
  'categories',
  'ids',
  'metier',
  'subject',
  'skus',
  'text',
  'webFormId',
  'cookie',
  'term',
  'terme',
  'urType',
  'selectedFacetsJson',
  'zapette',
  'email',
  'isSubscribing',
  'password',
  'form_id',
  'fields',
  'civility',
  'lastname',
  'firstname',
  'function',
  'optin',
  'confirmed',
  '__proto__',
  'constructor',
  '',
  'a[b]',
  '😀',
] as const;

export function randomText(random: Random, length: number): string {
  let text = '';
  for (let index = 0; index < length; index += 1) {
    const kind = random.int(0, 5);
    if (kind === 0) text += String.fromCharCode(random.int(0, 31));
    else if (kind === 1) text += String.fromCharCode(random.int(0x80, 0x2fff));
    else if (kind === 2) text += String.fromCodePoint(random.int(0x1f300, 0x1faff));
    else text += String.fromCharCode(random.int(32, 126));
  }
  return text;
}

export function randomValue(random: Random, known: { sessionToken: string }): string {
  const fixed = [
    '',
    ' ',
    '0',
    '-1',
    '1',
    '2',
    '20',
    '49',
    '50',
    '100',
    '101',
    '1e309',
    'NaN',
    'Infinity',
    '-0',
    '1.5',
    '0x10',
    '99999999999999999999',
    'true',
    'false',
    'null',
    'undefined',
    '[]',
    '{}',
    '{"a":1}',
    '["x"]',
    '{"metier":"x"}',
    "' OR 1=1 --",
    "'; DROP TABLE articles; --",
    '" OR ""="',
    '\\',
    '%',
    '_',
    '%%',
    '*',
    '$1',
    '${jndi:ldap://x}',
    '<script>alert(1)</script>',
    '"><svg onload=alert(1)>',
    'javascript:alert(1)',
    '../../etc/passwd',
    '\u0000',
    'a\u0000b',
    '\uFEFF',
    '\u202Eevil',
    'é',
    'ÉÈÀ',
    '💥',
    '𝕏',
    'ﷺ',
    '\uD800',
    'ä'.repeat(300),
    'a'.repeat(10_000),
    '2024',
    '2024-03',
    '2024-13',
    '2024-02-30',
    '2024-03-10T09:00:00Z',
    '1969',
    '9999',
    'fiscal',
    'social',
    'EBX:EFL_Themes:Fiscal',
    'T1',
    'tva',
    'A001',
    'E001',
    'EN-1',
    'P001',
    'Z999',
    'EFL_TEE_actualiteVideo',
    'EFL_TEE_evenement,videos',
    'actu-chiffres-taux',
    'publication_date',
    '-publication_date',
    'MFI;RJS',
    '11;25',
    'MFI-2025',
    '50293',
    'lecteur@example.org',
    'x@y',
    'Abcdef1!',
    known.sessionToken,
    `Bearer ${known.sessionToken}`,
  ];
  const roll = random.int(0, 9);
  if (roll < 7) return random.pick(fixed);
  if (roll < 9) return randomText(random, random.int(1, 40));
  return randomText(random, random.int(200, 3_000));
}

/** Percent-encoding of any string; a lone surrogate (which URLs cannot carry) becomes U+FFFD. */
export const encode = (text: string) => encodeURIComponent(text.replace(/[\uD800-\uDFFF]/gu, '\uFFFD'));

/** A raw query string: encoded pairs, repeated names, and now and then broken percent escapes. */
export function randomQuery(random: Random, known: { sessionToken: string }): string {
  const parts: string[] = [];
  const count = random.int(0, 8);
  for (let index = 0; index < count; index += 1) {
    const name = random.chance(0.9) ? random.pick(NAMES) : randomText(random, random.int(1, 10));
    const value = randomValue(random, known);
    const shape = random.next();
    if (shape < 0.05)
      parts.push(`${encode(name)}=%E0%A4%A${random.pick(['', '%', '%zz', '%00', '%ED%A0%80'])}`);
    else if (shape < 0.1) parts.push(encode(name));
    else parts.push(`${encode(name)}=${encode(value)}`);
  }
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

export const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'multipart/form-data',
  'text/plain',
  'application/xml',
  '',
  'application/json; charset=latin1',
];

export function randomBody(
  random: Random,
  known: { sessionToken: string },
): { body: string; contentType: string } {
  const contentType = random.pick(CONTENT_TYPES);
  const roll = random.int(0, 7);
  // No prototype: a '__proto__' name must become a field, not replace the prototype (with an array there,
  // URLSearchParams would take the record for a list of pairs and throw).
  const record: Record<string, unknown> = Object.create(null);
  for (let index = random.int(0, 6); index > 0; index -= 1) {
    record[random.pick(NAMES)] = random.chance(0.8)
      ? randomValue(random, known)
      : random.pick([
          123,
          -1,
          1e308,
          true,
          null,
          [],
          {},
          [{ code: 'email', value: 'x' }],
          { nested: { deep: 1 } },
        ]);
  }
  if (roll === 0) return { body: '', contentType };
  if (roll === 1) return { body: '{"unterminated": ', contentType };
  if (roll === 2) return { body: 'x'.repeat(70 * 1024), contentType };
  if (roll === 3) return { body: JSON.stringify(record), contentType };
  if (roll === 4)
    return { body: new URLSearchParams(record as Record<string, string>).toString(), contentType };
  if (roll === 5) {
    return {
      body: `--xyz\r\nContent-Disposition: form-data; name="email"\r\n\r\n${randomValue(random, known)}\r\n--xyz--\r\n`,
      contentType,
    };
  }
  if (roll === 6)
    return { body: JSON.stringify(random.pick([[], 'texte', 42, null, [record]])), contentType };
  return { body: randomText(random, random.int(0, 500)), contentType };
}
