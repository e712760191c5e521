// Server CPU per request of each class of the mixed load (bench/load/run.ts), not a timed test. CPU time is read
// from /proc (user + system of the server's process), so it is far less sensitive to a busy machine than latency:
//
//   ROUTE_CPU_BASE_URL=http://127.0.0.1:3000 ROUTE_CPU_PID=<pid of next-server> \
//     node --conditions=react-server --import tsx bench/load/route-cpu.ts
//
// For each class, ROUTE_CPU_REQUESTS (300) requests, 8 at a time, then 2 s for the background work they cause
// (page cache refreshes, e-mails of the job runner), minus the server's idle CPU measured first. Requests ask for
// no compression, like autocannon. Prints one line: milliseconds of server CPU per request and the statuses.
import { randomInt, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';

const BASE_URL = (process.env.ROUTE_CPU_BASE_URL ?? 'http://127.0.0.1:3000').replace(/\/+$/, '');
const PID = Number(process.env.ROUTE_CPU_PID);
const REQUESTS = Number(process.env.ROUTE_CPU_REQUESTS ?? 300);
const CONCURRENCY = 8;
const TICK_MS = 10;
if (!Number.isInteger(PID) || PID <= 0)
  throw new Error('ROUTE_CPU_PID : le pid du serveur (next-server) est requis');

const origin = new URL(BASE_URL).origin;
let counter = randomInt(1 << 24);
const clientAddress = () => {
  counter += 1;
  return `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`;
};

/** User + system CPU of the server so far, in milliseconds (fields 14 and 15 of /proc/PID/stat, in ticks). */
function serverCpuMs(): number {
  const fields = readFileSync(`/proc/${PID}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
type Call = { path: string; method?: 'POST'; headers?: Record<string, string>; body?: string };

const { news } = (await (await fetch(`${BASE_URL}/api/article/summary?limit=100&type=actualite`)).json()) as {
  news: { id: string; slug: string; enriched_news_id: string | null }[];
};
const articles = news.map((item) => `/actualite/${item.slug}_${item.enriched_news_id ?? item.id}`);
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;
const terms = ['impot', 'tva', 'salaire', 'smic', 'bilan', 'urssaf', 'succession', 'donation', 'retraite'];
const topics = ['/actualite', '/actualite/fiscal', '/actualite/social', '/actualite/comptable'];

const classes: Record<string, () => Call> = {
  home: () => ({ path: '/' }),
  topic: () => ({ path: pick(topics) }),
  article: () => ({ path: pick(articles) }),
  search: () => ({ path: `/search?terme=${pick(terms)}` }),
  suggest: () => ({ path: `/api/search/suggest?term=${pick(terms).slice(0, 4)}` }),
  summary: () => ({ path: '/api/article/summary?limit=20' }),
  single: () => ({ path: `/api/article/single?newsId=${pick(news).id}` }),
  issue: () => ({ path: '/api/issue' }),
  subscribe: () => ({
    path: '/api/contentAlert/subscription',
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, 'x-forwarded-for': clientAddress() },
    body: JSON.stringify({ email: `lecteur-${randomUUID()}@example.org` }),
  }),
};

const idleStart = serverCpuMs();
await sleep(3_000);
const idlePerMs = (serverCpuMs() - idleStart) / 3_000;
const results: string[] = [`idle ${(idlePerMs * 1000).toFixed(0)} ms/s`];
for (const [name, make] of Object.entries(classes)) {
  let sent = 0;
  const statuses: Record<number, number> = {};
  const cpuStart = serverCpuMs();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (sent < REQUESTS) {
        sent += 1;
        const call = make();
        const response = await fetch(BASE_URL + call.path, {
          method: call.method ?? 'GET',
          headers: { 'accept-encoding': 'identity', ...call.headers },
          body: call.body,
        });
        await response.arrayBuffer();
        statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      }
    }),
  );
  await sleep(2_000);
  const used = serverCpuMs() - cpuStart - idlePerMs * (performance.now() - started);
  results.push(`${name} ${(used / REQUESTS).toFixed(2)} ms/req ${JSON.stringify(statuses)}`);
}
console.log(results.join(' | '));
