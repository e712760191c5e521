// Hostile-input fuzz over every page and API call of a running server (issue 8):
//   FUZZ_BASE_URL=http://127.0.0.1:3107 node --conditions=react-server --import tsx bench/fuzz/run.ts
// Options: FUZZ_REQUESTS (10000), FUZZ_CONCURRENCY (16), FUZZ_SEED (replays a run), FUZZ_OUT (result file),
// FUZZ_MAX_SECONDS (stop early; the result then says how many were sent and the run counts as failed).
// Fails (exit 1) on any 5xx, on a server that stops answering, or on memory not back near its baseline.
import { writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import {
  encode,
  type Random,
  randomBody,
  randomQuery,
  randomSource,
  randomValue,
} from '../../tests/fuzz/generators';
import { discoverApiRoutes, HTTP_METHODS } from '../../tests/support/api';

const BASE_URL = process.env.FUZZ_BASE_URL ?? 'http://127.0.0.1:3000';
const TOTAL = Number(process.env.FUZZ_REQUESTS ?? 10_000);
const CONCURRENCY = Number(process.env.FUZZ_CONCURRENCY ?? 16);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
/** A time cap (seconds) for slow machines: the run stops early and records how many requests it really sent. */
const MAX_SECONDS = Number(process.env.FUZZ_MAX_SECONDS ?? Number.POSITIVE_INFINITY);
/** Memory may settle this much above its warmed-up baseline (allocator slack), no more. */
const MEMORY_TOLERANCE = 0.15;
const base = new URL(BASE_URL);
const known = { sessionToken: 'jeton-inconnu' };

/** Page templates of section 2, each with the shape of its segments. */
const PAGE_PREFIXES = [
  '/',
  '/actualite',
  '/actualite/fiscal',
  '/actualite/social/paie',
  '/actualite/un-titre_1',
  '/archives',
  '/archives/2025/3',
  '/agenda',
  '/agenda/fiscal',
  '/search',
  '/simulateurs',
  '/simulateurs/fiscal',
  '/chiffres-taux',
  '/librairie',
  '/cgu',
  '/cgv',
  '/mentions-legales',
  '/qui-sommes-nous',
  '/unsubscribe/lecteur@example.org',
  '/embed/impot-revenu',
  '/rss',
  '/rss/fiscal',
  '/sitemap.xml',
  '/sitemaps/google-news.xml',
  '/robots.txt',
  '/agenda/calendrier.ics',
  '/metrics',
];

const apiRoutes = discoverApiRoutes();

function pagePath(random: Random): string {
  let target = random.pick(PAGE_PREFIXES);
  for (let count = random.int(0, 3); count > 0; count -= 1) {
    target = `${target.replace(/\/$/, '')}/${encode(randomValue(random, known)) || 'x'}`;
  }
  return target + randomQuery(random, known);
}

function apiPath(random: Random): string {
  const route = random.pick(apiRoutes);
  let target = route.pattern;
  for (const _segment of route.segments) {
    target = target.replace(/\[+\.*[^\]]+\]+/, encode(randomValue(random, known)) || 'x');
  }
  return target + randomQuery(random, known);
}

/** Requests fetch cannot send: invalid UTF-8 bytes, oversized headers, deep JSON, broken request lines. */
function rawRequest(random: Random): string | Buffer {
  const host = `Host: ${base.host}\r\n`;
  const kind = random.int(0, 6);
  if (kind === 0) {
    return Buffer.concat([
      Buffer.from('GET /actualite/'),
      Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xed, 0xa0, 0x80]),
      Buffer.from(` HTTP/1.1\r\n${host}Connection: close\r\n\r\n`),
    ]);
  }
  if (kind === 1)
    return `GET / HTTP/1.1\r\n${host}Cookie: ${'a'.repeat(random.int(9_000, 70_000))}\r\nConnection: close\r\n\r\n`;
  if (kind === 2) {
    const depth = random.int(1_000, 100_000);
    const body = `${'['.repeat(depth)}${']'.repeat(depth)}`;
    return `POST /api/contentAlert/subscription HTTP/1.1\r\n${host}Origin: ${base.origin}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`;
  }
  if (kind === 3) {
    const body = Buffer.concat([
      Buffer.from('{"email":"'),
      Buffer.from([0xc0, 0xaf, 0xff]),
      Buffer.from('"}'),
    ]);
    return Buffer.concat([
      Buffer.from(
        `POST /api/eshop/login HTTP/1.1\r\n${host}Origin: ${base.origin}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
      ),
      body,
    ]);
  }
  if (kind === 4) return `GARBAGE \u0000 HTTP/9.9\r\n\r\n`;
  if (kind === 5)
    return `GET /search?terme=${'%'.repeat(random.int(1, 5000))} HTTP/1.1\r\n${host}Connection: close\r\n\r\n`;
  const headers = Array.from(
    { length: random.int(100, 300) },
    (_, index) => `X-Fuzz-${index}: ${index}\r\n`,
  ).join('');
  return `GET /actualite HTTP/1.1\r\n${host}${headers}Connection: close\r\n\r\n`;
}

/** The status of a raw exchange, 0 when the server closed without an answer (allowed for a broken request). */
function sendRaw(payload: string | Buffer): Promise<number> {
  return new Promise((resolve) => {
    const socket = net.connect(Number(base.port || 80), base.hostname);
    let answer = '';
    socket.setTimeout(30_000, () => socket.destroy());
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
      if (answer.length > 20) socket.destroy();
    });
    socket.on('error', () => {});
    socket.on('close', () => resolve(Number(/^HTTP\/1\.[01] (\d{3})/.exec(answer)?.[1] ?? 0)));
    socket.write(payload);
  });
}

type Outcome = { status: number; description: string };

async function oneRequest(random: Random): Promise<Outcome> {
  const roll = random.next();
  if (roll < 0.1) {
    const payload = Buffer.from(rawRequest(random));
    const description = `raw ${payload.subarray(0, 80).toString('latin1').split('\r\n')[0]}`;
    return { status: await sendRaw(payload), description };
  }
  const isApi = roll < 0.5;
  const target = isApi ? apiPath(random) : pagePath(random);
  const method =
    isApi && random.chance(0.5) ? random.pick(HTTP_METHODS) : random.chance(0.95) ? 'GET' : 'HEAD';
  const headers: Record<string, string> = {
    'x-forwarded-for': `10.9.${random.int(0, 255)}.${random.int(0, 255)}`,
  };
  let body: string | undefined;
  if (method !== 'GET' && method !== 'HEAD') {
    const generated = randomBody(random, known);
    body = generated.body;
    if (generated.contentType) headers['content-type'] = generated.contentType;
    if (random.chance(0.8)) headers.origin = base.origin;
  }
  if (random.chance(0.1)) headers.cookie = `quotidienne_session=${encode(randomValue(random, known))}`;
  const description = `${method} ${target.slice(0, 200)}`;
  try {
    const response = await fetch(new URL(target, base), {
      method,
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(30_000),
    });
    await response.arrayBuffer();
    return { status: response.status, description };
  } catch (error) {
    // A URL fetch itself refuses to build is not a request: count it apart, it never reached the server.
    if (error instanceof TypeError && !String(error.cause ?? '').includes('ECONN'))
      return { status: -1, description };
    return { status: 0, description: `${description} (${error instanceof Error ? error.message : error})` };
  }
}

async function residentMemory(): Promise<number> {
  const text = await (await fetch(new URL('/metrics', base))).text();
  return Number(/^process_resident_memory_bytes (\d+)/m.exec(text)?.[1] ?? Number.NaN);
}

async function run(total: number, random: Random, statuses: Map<number, number>, failures: Outcome[]) {
  let issued = 0;
  const deadline = Date.now() + MAX_SECONDS * 1000;
  const worker = async () => {
    while (issued < total && Date.now() < deadline) {
      issued += 1;
      const number = issued;
      const outcome = await oneRequest(random);
      statuses.set(outcome.status, (statuses.get(outcome.status) ?? 0) + 1);
      if (outcome.status >= 500 && failures.length < 50) failures.push(outcome);
      if (number % 1000 === 0) process.stdout.write(`  ${number}/${total}\n`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

async function main(): Promise<void> {
  console.log(`Fuzz de ${BASE_URL} : ${TOTAL} requêtes, ${CONCURRENCY} en parallèle, graine ${SEED}`);
  const random = randomSource(SEED);
  const warmup = new Map<number, number>();
  // Warm-up: every template rendered once, caches filled, so the baseline is the steady state, not a cold start.
  await run(Math.min(1_000, TOTAL / 10), random, warmup, []);
  const baseline = await residentMemory();
  const statuses = new Map<number, number>();
  const failures: Outcome[] = [];
  const started = Date.now();
  await run(TOTAL, random, statuses, failures);
  const sent = [...statuses.values()].reduce((sum, count) => sum + count, 0);
  const seconds = (Date.now() - started) / 1000;
  await new Promise((resolve) => setTimeout(resolve, 15_000));
  const live = await fetch(new URL('/api/health/live', base)).then(
    (response) => response.status,
    () => 0,
  );
  const after = await residentMemory();
  const fiveHundreds = [...statuses]
    .filter(([status]) => status >= 500)
    .reduce((sum, [, count]) => sum + count, 0);
  const memoryRatio = after / baseline;
  const result = {
    date: new Date().toISOString(),
    command: `FUZZ_BASE_URL=${BASE_URL} FUZZ_REQUESTS=${TOTAL} FUZZ_SEED=${SEED} node --conditions=react-server --import tsx bench/fuzz/run.ts`,
    seed: SEED,
    requests: sent,
    requested: TOTAL,
    concurrency: CONCURRENCY,
    seconds,
    statuses: Object.fromEntries([...statuses].sort(([a], [b]) => a - b)),
    fiveHundreds,
    failures,
    liveAfter: live,
    residentMemoryBytes: { baseline, after, ratio: Number(memoryRatio.toFixed(3)) },
  };
  const out = process.env.FUZZ_OUT ?? path.join('bench/results', `fuzz-${result.date.slice(0, 10)}.json`);
  writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify({ ...result, failures: failures.slice(0, 5) }, null, 2));
  const ok = sent >= TOTAL && fiveHundreds === 0 && live === 200 && memoryRatio <= 1 + MEMORY_TOLERANCE;
  console.log(ok ? 'Fuzz réussi.' : 'Fuzz en échec.');
  process.exit(ok ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
