// What the largest paint of each reader template waits for (bench/pages, a diagnosis, not a timed test). Against a
// running, seeded production server:
//
//   BASE_URL=http://127.0.0.1:3600 LIGHTHOUSE_RUNS=1 node --import tsx bench/pages/lcp.ts [template ...]
//
// Runs Lighthouse as bench/pages/run.ts does (mobile, default simulated throttling) and prints, per template and
// run: the largest paint's element; its phases as Lighthouse scales them to the simulated metric (the `metrics`
// audit: time to first byte, resource load delay, resource load duration, and the rest up to the simulated LCP:
// the element's render delay) and as observed on the unthrottled page (`lcp-breakdown-insight`); and the requests
// that ended before the observed largest paint. Lighthouse's simulation (lantern) builds its estimate from those
// requests and the main thread's work before that paint, all sharing one simulated 1.6 Mbps link with 150 ms of
// latency: each byte listed there delays the estimate. BENCH_JSON=file writes every figure there as well.
import { readFile, writeFile } from 'node:fs/promises';
import { readerTemplates } from '../../tests/support/reader-templates';
import { type LighthouseReport, lighthouseReport } from './lighthouse';

const BASE_URL = (process.env.BASE_URL ?? 'http://127.0.0.1:3600').replace(/\/+$/, '');
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 1);
const ONLY = process.argv.slice(2);

type Request = {
  url: string;
  networkRequestTime: number;
  networkEndTime: number;
  transferSize: number;
  resourceType?: string;
  priority: string;
  isLinkPreload?: boolean;
};
type Report = LighthouseReport;

const shortUrl = (url: string) => {
  const parsed = new URL(url);
  const image = parsed.searchParams.get('url');
  if (parsed.pathname === '/_next/image' && image) return `image ${image} w=${parsed.searchParams.get('w')}`;
  return parsed.pathname.replace(/^\/_next\/static\//, '');
};

function analyse(report: Report) {
  const audits = report.audits;
  const metrics = (audits.metrics?.details?.items?.[0] ?? {}) as Record<string, number>;
  const lcp = Math.round(audits['largest-contentful-paint']?.numericValue ?? 0);
  const ttfb = metrics.timeToFirstByte ?? 0;
  const loadStart = metrics.lcpLoadDelay;
  const loadEnd = metrics.lcpLoadDuration;
  const simulated =
    loadStart === undefined || loadEnd === undefined
      ? { ttfb, renderDelay: lcp - ttfb }
      : { ttfb, loadDelay: loadStart - ttfb, loadDuration: loadEnd - loadStart, renderDelay: lcp - loadEnd };
  const insight = audits['lcp-breakdown-insight']?.details?.items ?? [];
  const phases = (insight[0] as { items?: { subpart: string; duration: number }[] } | undefined)?.items ?? [];
  const node = insight[1] as { snippet?: string; selector?: string; boundingRect?: unknown } | undefined;
  const observedLcp = metrics.observedLargestContentfulPaint ?? 0;
  const requests = (audits['network-requests']?.details?.items ?? []) as Request[];
  const before = requests
    .filter((request) => request.networkEndTime <= observedLcp)
    .map((request) => ({
      what: shortUrl(request.url),
      type: request.resourceType,
      priority: request.priority,
      preload: request.isLinkPreload ?? false,
      bytes: request.transferSize,
      startMs: Math.round(request.networkRequestTime),
      endMs: Math.round(request.networkEndTime),
    }));
  const bytesByType: Record<string, number> = {};
  for (const request of before) {
    const type = request.type ?? 'Other';
    bytesByType[type] = (bytesByType[type] ?? 0) + request.bytes;
  }
  return {
    performance: Math.round((report.categories.performance?.score ?? 0) * 100),
    lcpMs: lcp,
    fcpMs: Math.round(audits['first-contentful-paint']?.numericValue ?? 0),
    tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
    element: { selector: node?.selector, snippet: node?.snippet?.slice(0, 200), box: node?.boundingRect },
    simulatedPhasesMs: Object.fromEntries(
      Object.entries(simulated).map(([key, value]) => [key, Math.round(value)]),
    ),
    observed: {
      fcpMs: metrics.observedFirstContentfulPaint,
      lcpMs: observedLcp,
      phasesMs: Object.fromEntries(phases.map((phase) => [phase.subpart, Math.round(phase.duration)])),
    },
    beforeObservedLcp: { bytesByType, requests: before },
    after: requests
      .filter((request) => request.networkEndTime > observedLcp)
      .map((request) => `${shortUrl(request.url)} ${request.transferSize}`),
  };
}

const loadAverage = async () => (await readFile('/proc/loadavg', 'utf8')).trim().split(' ').slice(0, 3);
const loadAtStart = await loadAverage();
const templates = await readerTemplates(BASE_URL);
const results: Record<string, ReturnType<typeof analyse>[]> = {};
for (const [name, pagePath] of Object.entries(templates)) {
  if (ONLY.length > 0 && !ONLY.includes(name)) continue;
  for (let index = 0; index < RUNS; index += 1) {
    const result = analyse(await lighthouseReport(`${BASE_URL}${pagePath}`));
    results[name] = [...(results[name] ?? []), result];
    console.log(`\n== ${name} ${pagePath} run ${index + 1}`);
    console.log(JSON.stringify({ ...result, beforeObservedLcp: undefined, after: undefined }));
    for (const request of result.beforeObservedLcp.requests) {
      console.log(
        `  ${String(request.startMs).padStart(5)}-${String(request.endMs).padEnd(5)} ${String(request.bytes).padStart(7)} ${request.priority.padEnd(8)} ${request.preload ? 'preload ' : ''}${request.what}`,
      );
    }
    console.log('  after the largest paint:', result.after.join(', '));
  }
}
if (process.env.BENCH_JSON) {
  // Other work shares the machine: the load average at both ends says how much.
  const record = {
    date: new Date().toISOString(),
    baseUrl: BASE_URL,
    loadAverage: { start: loadAtStart, end: await loadAverage() },
    templates: results,
  };
  await writeFile(process.env.BENCH_JSON, `${JSON.stringify(record, null, 2)}\n`);
}
