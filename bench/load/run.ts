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
import http from 'node:http';
import net from 'node:net';
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
/**
 * LOAD_READERS=n (0: every connection from 127.0.0.1, as before 2026-11-27): the connections come from n loopback
 * addresses (127.0.1.1 on; Linux routes all of 127.0.0.0/8 to the loopback interface), so that a proxy in front
 * (nginx's `$remote_addr`) and the app's per-address rate limits see distinct readers as in production. Each
 * connection is one reader for LOAD_READER_REQUESTS (10-30) requests, then closes and comes back as the next
 * address of the pool. LOAD_ONE_ADDRESS_CONNECTIONS of the connections stay on 127.0.0.1 throughout: one busy
 * address, so the per-address limits still refuse (the search's 429 path).
 */
const READERS = Number(process.env.LOAD_READERS ?? 0);
const ONE_ADDRESS_CONNECTIONS = READERS > 0 ? Number(process.env.LOAD_ONE_ADDRESS_CONNECTIONS ?? 4) : 0;
const READER_REQUESTS = { min: 10, max: 30 };
/**
 * LOAD_RATE=n (0: the closed loop of autocannon, LOAD_CONNECTIONS clients that send their next request when the
 * previous answer arrives): an open loop instead, requests arriving at n a second (exponential gaps, as independent
 * readers do) whatever the answers' latency, each timed from the moment it was due. Below the server's throughput
 * it shows the latency readers meet when the site is not saturated, which a closed loop cannot (its clients wait
 * for the server, so it always runs saturated). Readers as with LOAD_READERS (each request from one of them, 1 in
 * 16 from 127.0.0.1, the closed loop's 4 of 64 connections), on kept-alive connections.
 */
const RATE = Number(process.env.LOAD_RATE ?? 0);
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

/** autocannon's client internals (lib/httpClient.js) that choosing a connection's source address goes through. */
type ClientInternals = { _connect(): void; _doRequest(): void; _destroyConnection(): void };
let readersSeen = 0;
const sockets = net as unknown as { connect: typeof net.connect };
const plainConnect = sockets.connect;
let connectionsSetUp = 0;
/** The n-th reader's loopback address: 127.0.1.1 to 127.0.1.250, then 127.0.2.1… */
const readerAddress = (index: number) => `127.0.${1 + Math.floor(index / 250)}.${1 + (index % 250)}`;

/**
 * Makes an autocannon client connect from a reader's loopback address (`localAddress`), a new reader every
 * READER_REQUESTS requests: at that request the connection is closed and a new one opened from the next address.
 * autocannon has no such option; its `_connect` calls `net.connect(port, host)`, which is wrapped for that call
 * only (synchronous), and its `_doRequest` (the next request, after an answer or on a new connection) is where a
 * reader leaves. The first ONE_ADDRESS_CONNECTIONS clients keep 127.0.0.1.
 */
function spreadReaders(client: autocannon.Client): void {
  connectionsSetUp += 1;
  if (READERS <= 0 || connectionsSetUp <= ONE_ADDRESS_CONNECTIONS) return;
  const self = client as unknown as ClientInternals;
  const proto = Object.getPrototypeOf(client) as ClientInternals;
  const sessionLength = () => READER_REQUESTS.min + randomInt(READER_REQUESTS.max - READER_REQUESTS.min + 1);
  let address = '';
  let left = 0;
  let connecting = false;
  // Every (re)connection: autocannon's own after a timeout or a closed connection, or a reader leaving below.
  self._connect = function connectAsReader(this: ClientInternals) {
    if (left <= 0) {
      readersSeen += 1;
      address = readerAddress(readersSeen % READERS);
      left = sessionLength();
    }
    const from = address;
    sockets.connect = ((port: number, host: string) =>
      plainConnect({ port, host, localAddress: from })) as typeof net.connect;
    connecting = true;
    try {
      proto._connect.call(this);
    } finally {
      sockets.connect = plainConnect;
      connecting = false;
    }
  };
  self._doRequest = function requestAsReader(this: ClientInternals) {
    if (!connecting && left <= 0) {
      // The previous answer is complete (nothing in flight): the reader leaves and the next one connects;
      // `_connect` sends its first request through this function again.
      this._destroyConnection();
      this._connect();
      return;
    }
    left -= 1;
    proto._doRequest.call(this);
  };
}

/** What autocannon's `response` event hands over: the connection, whose context holds the request's class. */
type ResponseClient = autocannon.Client & { requestIterator?: { context?: Record<string, unknown> } };
/** Width of the windows of the latency time series. */
const WINDOW_SECONDS = 5;

type Call = { method: 'GET' | 'POST'; path: string; headers?: Record<string, string>; body?: string };
type Weighted = { name: string; weight: number; make: () => Call };

/** A header's value in a flat list of names and values (http-parser-js's `headers`). */
function headerValue(headers: unknown, name: string): string | undefined {
  if (!Array.isArray(headers)) return undefined;
  for (let index = 0; index + 1 < headers.length; index += 2)
    if (String(headers[index]).toLowerCase() === name) return String(headers[index + 1]);
  return undefined;
}

/** The p-th percentile (0-100) of sorted values, as autocannon reports them (nearest rank). */
function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

function latencySummary(values: number[]) {
  const sorted = values.toSorted((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? 0,
  };
}

/** What the summary reads of a run: autocannon's result, or the open loop's in the same shape. */
type Outcome = Pick<autocannon.Result, 'errors' | 'timeouts' | 'statusCodeStats'> & {
  requests: { total: number; average: number };
  latency: { p50: number; p90: number; p97_5: number; p99: number; max: number };
};

type OpenLoopHooks = {
  next: () => { name: string; call: Call };
  record: (name: string, status: number, latency: number, cache: string | undefined) => void;
  failed: (name: string, kind: 'timeouts' | 'socket') => void;
};

/**
 * The open loop (LOAD_RATE): for SECONDS, requests due at RATE a second with exponential gaps, each sent at once on
 * its reader's kept-alive connections (one agent per address, as many connections as it needs) and timed from
 * when it was due, so a late generator or a slow server both show in the latency. Timeout 10 s, as the closed
 * loop's. `lagMs` is how late the generator sent requests (its own share of the latency).
 */
async function openLoop({ next, record, failed }: OpenLoopHooks): Promise<Outcome & { lagMs: object }> {
  const url = new URL(BASE_URL);
  const agents = new Map<string, http.Agent>();
  const agentFor = (address: string) => {
    let agent = agents.get(address);
    if (!agent) {
      agent = new http.Agent({ keepAlive: true, localAddress: address });
      agents.set(address, agent);
    }
    return agent;
  };
  const reader = () => {
    if (READERS <= 0 || randomInt(16) === 0) return '127.0.0.1';
    readersSeen += 1;
    return readerAddress(randomInt(READERS));
  };
  const latencies: number[] = [];
  const lags: number[] = [];
  const statusCounts: Record<string, { count: number }> = {};
  let errors = 0;
  let timeouts = 0;
  let inFlight = 0;
  const send = (due: number) => {
    const { name, call } = next();
    lags.push(performance.now() - due);
    inFlight += 1;
    let settled = false;
    const settle = () => {
      if (settled) return false;
      settled = true;
      inFlight -= 1;
      return true;
    };
    const body = call.body ?? '';
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: call.method,
        path: call.path,
        agent: agentFor(reader()),
        headers: {
          ...call.headers,
          ...(call.method === 'POST' ? { 'content-length': Buffer.byteLength(body) } : {}),
        },
        timeout: 10_000,
      },
      (response) => {
        response.resume();
        response.on('end', () => {
          if (!settle()) return;
          const latency = performance.now() - due;
          latencies.push(latency);
          const status = response.statusCode ?? 0;
          statusCounts[status] = { count: (statusCounts[status]?.count ?? 0) + 1 };
          const cache = response.headers['x-cache'];
          record(name, status, latency, typeof cache === 'string' ? cache : undefined);
        });
      },
    );
    request.on('timeout', () => {
      if (!settle()) return;
      errors += 1;
      timeouts += 1;
      failed(name, 'timeouts');
      request.destroy();
    });
    request.on('error', () => {
      if (!settle()) return;
      errors += 1;
      failed(name, 'socket');
    });
    request.end(body);
  };
  const started = performance.now();
  const end = started + SECONDS * 1000;
  let due = started;
  while (due < end) {
    const now = performance.now();
    while (due <= now && due < end) {
      send(due);
      due += -Math.log(1 - Math.random()) * (1000 / RATE);
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
  }
  // The requests still in flight are given their timeout to end.
  const drainUntil = performance.now() + 10_500;
  while (inFlight > 0 && performance.now() < drainUntil)
    await new Promise((resolve) => setTimeout(resolve, 50));
  for (const agent of agents.values()) agent.destroy();
  const sorted = latencies.toSorted((a, b) => a - b);
  const sortedLags = lags.toSorted((a, b) => a - b);
  return {
    requests: { total: latencies.length + errors, average: (latencies.length + errors) / SECONDS },
    latency: {
      p50: percentile(sorted, 50),
      p90: percentile(sorted, 90),
      p97_5: percentile(sorted, 97.5),
      p99: percentile(sorted, 99),
      max: sorted.at(-1) ?? 0,
    },
    statusCodeStats: statusCounts as Outcome['statusCodeStats'],
    errors,
    timeouts,
    lagMs: {
      p50: percentile(sortedLags, 50),
      p99: percentile(sortedLags, 99),
      max: sortedLags.at(-1) ?? 0,
    },
  };
}

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
    { name: 'home', weight: 15, make: () => ({ method: 'GET', path: '/' }) },
    { name: 'topic', weight: 15, make: () => ({ method: 'GET', path: pick(topics) }) },
    { name: 'article', weight: 25, make: () => ({ method: 'GET', path: pick(articles) }) },
    {
      name: 'search',
      weight: 5,
      make: () => ({ method: 'GET', path: `/search?terme=${encodeURIComponent(pick(terms))}` }),
    },
    {
      name: 'suggest',
      weight: 10,
      make: () => ({
        method: 'GET',
        path: `/api/search/suggest?term=${encodeURIComponent(prefix(pick(terms)))}`,
      }),
    },
    { name: 'summary', weight: 10, make: () => ({ method: 'GET', path: '/api/article/summary?limit=20' }) },
    {
      name: 'single',
      weight: 5,
      make: () => ({ method: 'GET', path: `/api/article/single?newsId=${pick(news).id}` }),
    },
    { name: 'issue', weight: 5, make: () => ({ method: 'GET', path: '/api/issue' }) },
    {
      name: 'subscription',
      weight: 8,
      make: () => ({
        method: 'POST',
        path: '/api/contentAlert/subscription',
        headers: { 'content-type': 'application/json', origin, 'x-forwarded-for': clientAddress() },
        body: JSON.stringify({ email: `lecteur-${randomUUID()}@example.org` }),
      }),
    },
    {
      name: 'login',
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
  const next = (): { name: string; call: Call } => {
    let roll = Math.random() * total;
    for (const entry of mix) {
      roll -= entry.weight;
      if (roll < 0) return { name: entry.name, call: entry.make() };
    }
    return { name: 'home', call: { method: 'GET', path: '/' } };
  };

  const memory: { second: number; rssBytes: number }[] = [];
  const started = Date.now();
  const sampler = setInterval(async () => {
    const text = await fetch(`${BASE_URL}/metrics`)
      .then((response) => response.text())
      .catch(() => '');
    const rss = Number(/^process_resident_memory_bytes (\d+)/m.exec(text)?.[1]);
    if (rss) memory.push({ second: Math.round((Date.now() - started) / 1000), rssBytes: rss });
  }, 10_000);

  // The machine is shared: its load before and after says how much of the result is ours.
  const loadAverageAtStart = os.loadavg().map((value) => Number(value.toFixed(2)));
  console.log(`Charge ${LABEL} : ${CONNECTIONS} connexions pendant ${SECONDS} s sur ${BASE_URL}`);
  type ClassEntry = {
    latencies: number[];
    statuses: Record<string, number>;
    /** The answers' X-Cache (HIT, STALE, MISS, BYPASS; `none` without the header). */
    cache: Record<string, number>;
    timeouts: number;
    socket: number;
  };
  const byClass = new Map<string, ClassEntry>();
  const classEntry = (name: string) => {
    const entry = byClass.get(name) ?? { latencies: [], statuses: {}, cache: {}, timeouts: 0, socket: 0 };
    byClass.set(name, entry);
    return entry;
  };
  const windows = new Map<number, number[]>();
  const record = (name: string, status: number, latency: number, cache: string | undefined) => {
    const entry = classEntry(name);
    entry.latencies.push(latency);
    entry.statuses[status] = (entry.statuses[status] ?? 0) + 1;
    entry.cache[cache ?? 'none'] = (entry.cache[cache ?? 'none'] ?? 0) + 1;
    const window = Math.floor((Date.now() - started) / (WINDOW_SECONDS * 1000));
    const inWindow = windows.get(window) ?? [];
    windows.set(window, inWindow);
    inWindow.push(latency);
  };
  const cpuAtStart = process.cpuUsage();
  const openLoopRun =
    RATE > 0
      ? await openLoop({
          next,
          record,
          failed: (name, kind) => {
            if (kind === 'timeouts') classEntry(name).timeouts += 1;
            else classEntry(name).socket += 1;
          },
        })
      : undefined;
  const result: Outcome =
    openLoopRun ??
    (await autocannon({
      url: BASE_URL,
      connections: CONNECTIONS,
      duration: SECONDS,
      timeout: 10,
      // The class of the request a connection sends is kept in its context, which autocannon hands back with the
      // answer's latency: the latency of each class, and of each 5 s window, says where the tail is.
      // A timeout or a socket error is counted in its request's class too: autocannon has already built the next
      // request when it reports a timeout, so the class in flight is the one seen when that request was sent.
      setupClient: (client) => {
        spreadReaders(client);
        const classNow = () => String((client as ResponseClient).requestIterator?.context?.class);
        let sent: string | undefined;
        let cache: string | undefined;
        client.on('response', (status, _bytes, latency) => {
          record(classNow(), status, latency, cache);
          cache = undefined;
        });
        // Events of autocannon's client its typings leave out (lib/httpClient.js).
        const events = client as unknown as NodeJS.EventEmitter;
        // The parser's headers of the answer about to complete (http-parser-js: names and values in turn).
        events.on('headers', (info: { headers?: unknown }) => {
          cache = headerValue(info?.headers, 'x-cache');
        });
        events.on('request', () => {
          sent = classNow();
        });
        events.on('timeout', () => {
          classEntry(sent ?? classNow()).timeouts += 1;
        });
        events.on('connError', () => {
          classEntry(classNow()).socket += 1;
        });
      },
      requests: [
        {
          // Every request states its own headers and body: autocannon hands setupRequest the previous request's
          // options, and a GET keeping a POST's Content-Length would leave the server waiting for a body.
          setupRequest: (request, context) => {
            const { name, call } = next();
            (context as Record<string, unknown>).class = name;
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
    }));
  clearInterval(sampler);
  const cpu = process.cpuUsage(cpuAtStart);

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
      // What the load generator itself used of them (user + system time of this process during the run).
      loadGeneratorCpuSeconds: Number(((cpu.user + cpu.system) / 1e6).toFixed(1)),
    },
    command: `LOAD_BASE_URL=${BASE_URL} LOAD_LABEL=${LABEL} LOAD_SECONDS=${SECONDS} ${RATE > 0 ? `LOAD_RATE=${RATE}` : `LOAD_CONNECTIONS=${CONNECTIONS}`}${READERS > 0 ? ` LOAD_READERS=${READERS} LOAD_ONE_ADDRESS_CONNECTIONS=${ONE_ADDRESS_CONNECTIONS}` : ''} node --conditions=react-server --import tsx bench/load/run.ts`,
    connections: RATE > 0 ? undefined : CONNECTIONS,
    // LOAD_RATE: requests due at this rate whatever the answers (an open loop), each timed from when it was due;
    // the generator's lag is how late it sent them.
    openLoop: openLoopRun ? { ratePerSecond: RATE, generatorLagMs: openLoopRun.lagMs } : undefined,
    seconds: SECONDS,
    // Where the connections came from (LOAD_READERS): 127.0.0.1 only, or distinct loopback readers.
    readers:
      READERS > 0
        ? {
            addresses: READERS,
            requestsPerReader: READER_REQUESTS,
            connectionsOn127001: ONE_ADDRESS_CONNECTIONS,
            readerSessions: readersSeen,
          }
        : { addresses: 1, connectionsOn127001: CONNECTIONS },
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
    // Every answer's X-Cache (where the reader pages and public reads came from), all classes together.
    xCache: [...byClass.values()].reduce<Record<string, number>>((total, entry) => {
      for (const [value, count] of Object.entries(entry.cache)) total[value] = (total[value] ?? 0) + count;
      return total;
    }, {}),
    // Per class of the mix: its answers' latency (ms) and statuses; and per 5 s window of the run, the count and
    // the p99 of every answer (a tail that comes in bursts shows here).
    byClass: Object.fromEntries(
      [...byClass.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([name, entry]) => [
          name,
          {
            answers: entry.latencies.length,
            latencyMs: latencySummary(entry.latencies),
            statuses: entry.statuses,
            xCache: entry.cache,
            ...(entry.timeouts > 0 ? { timeouts: entry.timeouts } : {}),
            ...(entry.socket > 0 ? { socketErrors: entry.socket } : {}),
          },
        ]),
    ),
    windows: [...windows.entries()]
      .sort(([a], [b]) => a - b)
      .map(([window, values]) => ({
        fromSecond: window * WINDOW_SECONDS,
        answers: values.length,
        ...latencySummary(values),
      })),
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
  console.log(
    JSON.stringify(
      { ...summary, windows: summary.windows.length, memory: { ...summary.memory, samples: memory.length } },
      null,
      2,
    ),
  );
  console.log(`Résultat écrit dans ${out}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
