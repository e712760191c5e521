// What each reader template's document weighs (bench/pages, a measure of bytes, not a timed test). Against a
// running, seeded production server, and optionally a baseline (e.g. main) in the same run:
//
//   BASE_URL=http://127.0.0.1:3671 BASELINE_URL=http://127.0.0.1:3670 node --import tsx bench/pages/html-bytes.ts
//
// Per template: the HTML's bytes; its inline RSC payload (the `self.__next_f.push` strings, as React reads them);
// gzip at level 1 of the whole document (what deploy/nginx.conf sends: nginx's default level, the app's body
// uncompressed); and the bytes Next.js itself sends with `Accept-Encoding: gzip` (it flushes its gzip stream per
// chunk, which is what Lighthouse sees when it loads the app directly). BENCH_JSON=file writes the figures there.
import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { gzipSync } from 'node:zlib';
import { readerTemplates } from '../../tests/support/reader-templates';

const trim = (url: string) => url.replace(/\/+$/, '');
const TARGETS = [
  { label: 'branch', baseUrl: trim(process.env.BASE_URL ?? 'http://127.0.0.1:3600') },
  ...(process.env.BASELINE_URL ? [{ label: 'baseline', baseUrl: trim(process.env.BASELINE_URL) }] : []),
];

/** The inline RSC payload of a document: the strings of its `self.__next_f.push([1, "…"])` scripts, joined. */
function inlinePayload(html: string): string {
  return [...html.matchAll(/self\.__next_f\.push\(\[1,("(?:[^"\\]|\\.)*")\]\)/g)]
    .map((match) => JSON.parse(match[1] ?? '""') as string)
    .join('');
}

async function measure(url: string) {
  const plain = await fetch(url, { headers: { 'accept-encoding': 'identity' }, redirect: 'follow' });
  if (!plain.ok) throw new Error(`${url} answered ${plain.status}`);
  const html = await plain.text();
  // Node's fetch decodes what it receives: the bytes sent are counted on a raw request (at the redirect's end).
  const wire = await wireBytes(plain.url);
  return {
    htmlBytes: Buffer.byteLength(html),
    payloadChars: inlinePayload(html).length,
    gzipLevel1: gzipSync(html, { level: 1 }).length,
    nextGzipBytes: wire,
  };
}

/** The body bytes of a gzip answer as the server sends them (a raw HTTP/1.1 request, chunked or not). */
async function wireBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const call = request(url, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
      let total = 0;
      response.on('data', (chunk: Buffer) => {
        total += chunk.length;
      });
      response.on('end', () => resolve(total));
      response.on('error', reject);
    });
    call.on('error', reject);
    call.end();
  });
}

async function main() {
  const results: Record<string, Record<string, Awaited<ReturnType<typeof measure>>>> = {};
  for (const target of TARGETS) {
    const templates = await readerTemplates(target.baseUrl);
    results[target.label] = {};
    for (const [name, path] of Object.entries(templates)) {
      // Once to fill the caches, then measured.
      await fetch(`${target.baseUrl}${path}`).then((response) => response.arrayBuffer());
      const figures = await measure(`${target.baseUrl}${path}`);
      (results[target.label] as Record<string, typeof figures>)[name] = figures;
      console.log(
        `${target.label.padEnd(8)} ${name.padEnd(16)} html ${figures.htmlBytes} payload ${figures.payloadChars} gzip-1 ${figures.gzipLevel1} next-gzip ${figures.nextGzipBytes}`,
      );
    }
  }
  if (!process.env.BENCH_JSON) return;
  const record = {
    date: new Date().toISOString(),
    // The worktree's HEAD, not necessarily the build's: name the builds by hand when they differ.
    commit: execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim(),
    targets: Object.fromEntries(TARGETS.map((target) => [target.label, target.baseUrl])),
    ...results,
  };
  await writeFile(process.env.BENCH_JSON, `${JSON.stringify(record, null, 2)}\n`);
}

await main();
