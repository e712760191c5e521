// Mixed load benchmark (issue 8), not a timed test. Against a running, seeded production server started with
// TRUSTED_PROXY_HOPS=1 (this script plays the reverse proxy: each write carries its client's X-Forwarded-For):
//
//   LOAD_BASE_URL=http://127.0.0.1:3107 LOAD_LABEL=pglite LOAD_SECONDS=600 \
//     node --conditions=react-server --import tsx bench/load/run.ts
//
// 64 connections for LOAD_SECONDS (600) over home, topic and article pages, the search page, suggestions, API
// reads, newsletter subscriptions and logins (writes, each from its own client address as a reverse proxy
// would forward it). Targets: error rate 0 (5xx, socket errors, timeouts), p99 <= 400 ms, resident memory after
// warm-up within 10 %. The server's memory is read from its /metrics every 10 s. Result:
// bench/results/load-<label>-<date>.json (or LOAD_OUT), with the command that reproduces it.
import { randomInt, randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const BASE_URL = (process.env.LOAD_BASE_URL ?? 'http://127.0.0.1:3000').replace(/\/+$/, '');
const LABEL = process.env.LOAD_LABEL ?? 'pglite';
const SECONDS = Number(process.env.LOAD_SECONDS ?? 600);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 64);
/** Memory samples before this point are the warm-up (caches filling, JIT). */
const WARMUP_SECONDS = Math.min(120, Math.round(SECONDS / 5));
const PASSWORD = 'Charge-Mesuree-2026!';
const origin = new URL(BASE_URL).origin;

type NewsItem = { id: string; slug: string; enriched_news_id: string | null; topics?: { slug: string }[] };

async function json<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${url} a répondu ${response.status}`);
  return (await response.json()) as T;
}

// A random start: a run must not inherit the rate-limit counters an earlier run left on the same addresses.
let counter = randomInt(1 << 24);
const clientAddress = () => {
  counter += 1;
  return `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`;
};

/** One account for the logins, registered through the shop's web form like a reader would. */
async function registerAccount(): Promise<string> {
  const email = `charge-${randomUUID().slice(0, 8)}@example.org`;
  const form = await json<{ functions: { value: string; options?: { value: string }[] }[] }>(
    `${BASE_URL}/api/eshop/webFormFields?webFormId=50293`,
  );
  const firstChoice = form.functions[0];
  const functionValue = firstChoice?.options?.[0]?.value ?? firstChoice?.value ?? '';
  const response = await fetch(`${BASE_URL}/api/eshop/webFormResult`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, 'x-forwarded-for': clientAddress() },
    body: JSON.stringify({
      civility: '13',
      lastname: 'Charge',
      firstname: 'Mesure',
      email,
      password: PASSWORD,
      confirmed: PASSWORD,
      function: functionValue,
      optin: 'N',
    }),
  });
  const answer = (await response.json()) as { success?: boolean };
  if (!answer.success) throw new Error(`inscription du compte de charge refusée : ${JSON.stringify(answer)}`);
  return email;
}

type Call = { method: 'GET' | 'POST'; path: string; headers?: Record<string, string>; body?: string };
type Weighted = { weight: number; make: () => Call };

async function main(): Promise<void> {
  const { news } = await json<{ news: NewsItem[] }>(
    `${BASE_URL}/api/article/summary?limit=100&type=actualite`,
  );
  const articles = news.map((item) => `/actualite/${item.slug}_${item.enriched_news_id ?? item.id}`);
  const topics = ['/actualite', '/actualite/fiscal', '/actualite/social', '/actualite/comptable'];
  // Enough distinct searches (and typed prefixes of 3 to 6 characters) that the server's 5 s shared reads do not
  // turn the search share of the mix into a handful of cached answers.
  const terms = [
    'impot',
    'impôt sur le revenu',
    'tva',
    'taux réduit',
    'salaire',
    'smic',
    'societe',
    'société civile',
    'bilan',
    'liasse fiscale',
    'licenciement',
    'rupture conventionnelle',
    'dividendes',
    'loyer',
    'bail commercial',
    'succession',
    'donation',
    'plus-value',
    'cotisations',
    'urssaf',
    "prud'hommes",
    'comptabilité',
    'commissaire aux comptes',
    'notaire',
    'indemnité',
    'télétravail',
    'congés payés',
    'facturation électronique',
    "crédit d'impôt",
    'holding',
    'fusion',
    'assemblée générale',
    'intérêts de retard',
    'contrôle fiscal',
    'redressement',
    'taxe foncière',
    'ifi',
    'location meublée',
    'micro-entreprise',
    'retraite',
  ];
  const prefix = (term: string) => term.slice(0, 3 + Math.floor(Math.random() * 4));
  const account = await registerAccount();
  const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;
  const mix: Weighted[] = [
    { weight: 15, make: () => ({ method: 'GET', path: '/' }) },
    { weight: 15, make: () => ({ method: 'GET', path: pick(topics) }) },
    { weight: 25, make: () => ({ method: 'GET', path: pick(articles) }) },
    { weight: 5, make: () => ({ method: 'GET', path: `/search?terme=${encodeURIComponent(pick(terms))}` }) },
    {
      weight: 10,
      make: () => ({
        method: 'GET',
        path: `/api/search/suggest?term=${encodeURIComponent(prefix(pick(terms)))}`,
      }),
    },
    { weight: 10, make: () => ({ method: 'GET', path: '/api/article/summary?limit=20' }) },
    { weight: 5, make: () => ({ method: 'GET', path: `/api/article/single?newsId=${pick(news).id}` }) },
    { weight: 5, make: () => ({ method: 'GET', path: '/api/issue' }) },
    {
      weight: 8,
      make: () => ({
        method: 'POST',
        path: '/api/contentAlert/subscription',
        headers: { 'content-type': 'application/json', origin, 'x-forwarded-for': clientAddress() },
        body: JSON.stringify({ email: `lecteur-${randomUUID()}@example.org` }),
      }),
    },
    {
      weight: 2,
      make: () => ({
        method: 'POST',
        path: '/api/eshop/login',
        headers: { 'content-type': 'application/json', origin, 'x-forwarded-for': clientAddress() },
        body: JSON.stringify({ email: account, password: PASSWORD }),
      }),
    },
  ];
  const total = mix.reduce((sum, entry) => sum + entry.weight, 0);
  const next = () => {
    let roll = Math.random() * total;
    for (const entry of mix) {
      roll -= entry.weight;
      if (roll < 0) return entry.make();
    }
    return mix[0]?.make() ?? { method: 'GET', path: '/' };
  };

  const memory: { second: number; rssBytes: number }[] = [];
  const started = Date.now();
  const sampler = setInterval(async () => {
    const text = await fetch(`${BASE_URL}/metrics`).then(
      (response) => response.text(),
      () => '',
    );
    const rss = Number(/^process_resident_memory_bytes (\d+)/m.exec(text)?.[1]);
    if (rss) memory.push({ second: Math.round((Date.now() - started) / 1000), rssBytes: rss });
  }, 10_000);

  // The machine is shared: its load before and after says how much of the result is ours.
  const loadAverageAtStart = os.loadavg().map((value) => Number(value.toFixed(2)));
  console.log(`Charge ${LABEL} : ${CONNECTIONS} connexions pendant ${SECONDS} s sur ${BASE_URL}`);
  const result = await autocannon({
    url: BASE_URL,
    connections: CONNECTIONS,
    duration: SECONDS,
    timeout: 10,
    // Every request states its own headers and body: autocannon hands setupRequest the previous request's
    // options, and a GET keeping a POST's Content-Length would leave the server waiting for a body.
    requests: [
      {
        setupRequest: (request) => {
          const call = next();
          return {
            ...request,
            method: call.method,
            path: call.path,
            headers: call.headers ?? {},
            body: call.body ?? '',
          };
        },
      },
    ],
  });
  clearInterval(sampler);

  const statuses: Record<string, number> = {};
  for (const [status, stats] of Object.entries(result.statusCodeStats ?? {}))
    statuses[status] = stats?.count ?? 0;
  const fiveHundreds = Object.entries(statuses)
    .filter(([status]) => Number(status) >= 500)
    .reduce((sum, [, count]) => sum + count, 0);
  // autocannon counts a timeout among its errors too: the socket errors are the rest.
  const socketErrors = result.errors - result.timeouts;
  const errors = fiveHundreds + result.errors;
  const steady = memory.filter((sample) => sample.second >= WARMUP_SECONDS).map((sample) => sample.rssBytes);
  const memorySpread = steady.length > 1 ? Math.max(...steady) / Math.min(...steady) - 1 : 0;
  const summary = {
    label: LABEL,
    date: new Date().toISOString(),
    machine: {
      cpus: `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'unknown'}`,
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      loadAverageAtStart,
      loadAverageAtEnd: os.loadavg().map((value) => Number(value.toFixed(2))),
      note: 'The load generator (autocannon) runs on the same two cores as the server.',
    },
    command: `LOAD_BASE_URL=${BASE_URL} LOAD_LABEL=${LABEL} LOAD_SECONDS=${SECONDS} LOAD_CONNECTIONS=${CONNECTIONS} node --conditions=react-server --import tsx bench/load/run.ts`,
    connections: CONNECTIONS,
    seconds: SECONDS,
    mix: mix.map((entry) => ({
      weight: entry.weight,
      example: `${entry.make().method} ${entry.make().path}`,
    })),
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p97_5: result.latency.p97_5,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    statuses,
    errors: { total: errors, fiveHundreds, socket: socketErrors, timeouts: result.timeouts },
    errorRate: result.requests.total ? errors / result.requests.total : 0,
    memory: {
      warmupSeconds: WARMUP_SECONDS,
      spreadAfterWarmup: Number(memorySpread.toFixed(3)),
      samples: memory,
    },
    targets: {
      errorRateZero: errors === 0,
      p99AtMost400ms: result.latency.p99 <= 400,
      memoryWithin10Percent: memorySpread <= 0.1,
    },
  };
  const out =
    process.env.LOAD_OUT ?? path.join('bench/results', `load-${LABEL}-${summary.date.slice(0, 10)}.json`);
  writeFileSync(out, `${JSON.stringify(summary, null, 2)}\n`);
  console.log(JSON.stringify({ ...summary, memory: { ...summary.memory, samples: memory.length } }, null, 2));
  console.log(`Résultat écrit dans ${out}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
