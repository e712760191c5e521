// Script cost of the cookie consent (issue 19), not a timed test. Against one or more running servers of the same
// seed, each labelled:
//
//   SERVERS=baseline=http://localhost:3702,accounts=http://localhost:3700 node --import tsx bench/accounts/script-size.ts
//
// For the home page and an article page it counts what Chromium fetches as scripts (gzip bytes of each body,
// `noModule` polyfills left out, as bench/pages does) until the network is idle: on a first visit (no choice yet:
// the banner shows) and on a returning visit (the consent cookie set: no banner). Results go to
// bench/results/accounts-script-size-<date>.json with the machine's load average.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const servers = (process.env.SERVERS ?? 'accounts=http://localhost:3700').split(',').map((entry) => {
  const [label, url] = entry.split('=');
  return { label: label ?? '', url: (url ?? '').replace(/\/+$/, '') };
});

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });

type Measure = { scripts: number; gzipBytes: number; files: string[] };

async function measure(url: string, withChoice: boolean): Promise<Measure> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  if (withChoice) await context.addCookies([{ name: 'quotidienne_consentement', value: 'v1%3A', url }]);
  const page = await context.newPage();
  const noModule = new Set<string>();
  const bodies = new Map<string, number>();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body().catch(() => null);
    if (body) bodies.set(response.url(), gzipSync(body).length);
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1500);
  for (const src of await page.$$eval('script[nomodule][src]', (nodes) =>
    nodes.map((n) => (n as HTMLScriptElement).src),
  ))
    noModule.add(src);
  await context.close();
  const files = [...bodies.keys()].filter((file) => !noModule.has(file));
  return {
    scripts: files.length,
    gzipBytes: files.reduce((sum, file) => sum + (bodies.get(file) ?? 0), 0),
    files,
  };
}

const results: Record<string, unknown> = {};
for (const server of servers) {
  const summary = (await (await fetch(`${server.url}/api/article/summary?limit=1`)).json()) as {
    news: { id: string; slug: string }[];
  };
  const article = summary.news[0];
  const pages = { home: '/', article: article ? `/actualite/${article.slug}_${article.id}` : '/' };
  const perPage: Record<string, unknown> = {};
  for (const [name, path] of Object.entries(pages)) {
    perPage[name] = {
      path,
      firstVisit: await measure(`${server.url}${path}`, false),
      returningVisit: await measure(`${server.url}${path}`, true),
    };
  }
  results[server.label] = perPage;
}
await browser.close();

const record = {
  command: `SERVERS=${process.env.SERVERS ?? ''} node --import tsx bench/accounts/script-size.ts`,
  date: new Date().toISOString(),
  commit: execFileSync('git', ['rev-parse', 'HEAD']).toString().trim(),
  loadAverage: loadavg(),
  results,
};
const file = `bench/results/accounts-script-size-${record.date.slice(0, 10)}.json`;
writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
for (const [label, perPage] of Object.entries(results)) {
  for (const [name, value] of Object.entries(
    perPage as Record<string, { firstVisit: Measure; returningVisit: Measure }>,
  )) {
    console.log(
      `${label} ${name}: first visit ${value.firstVisit.gzipBytes} B in ${value.firstVisit.scripts} scripts, returning ${value.returningVisit.gzipBytes} B in ${value.returningVisit.scripts}`,
    );
  }
}
console.log(`→ ${file}`);
