// Where an app's event loop went, per 10 s window, from a V8 CPU profile of the scale bench (not a timed test):
//
//   SCALE_APP_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" … node … bench/scale/run.ts   # one profile per app
//   node --import tsx bench/scale/profile-windows.ts /tmp/prof/CPU.*.cpuprofile
//
// For each window from the app's start: the share of the main thread's samples that were not idle, and how those
// split between page renders (Next's app-page runtime, React's server renderer), API routes (Next's app-route
// runtime), garbage collection and everything else (routing, the HTTP server, the database driver, our code).
// A sample's wall time counts while the thread waits for a core too: on a saturated machine "busy" is wall time.
import { readFileSync } from 'node:fs';

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
};
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

const WINDOW_SECONDS = 10;
const RENDER = ['app-page-turbo', 'react-dom', '/ssr/'];
const ROUTE = ['app-route-turbo'];

function categorise(profile: Profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const kinds = new Map<number, string>();
  const kindOf = (id: number): string => {
    const known = kinds.get(id);
    if (known) return known;
    let kind = 'other';
    const name = byId.get(id)?.callFrame.functionName;
    if (name === '(idle)') kind = 'idle';
    else if (name === '(garbage collector)') kind = 'gc';
    else {
      let hasRoute = false;
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
        const url = byId.get(at)?.callFrame.url ?? '';
        if (RENDER.some((part) => url.includes(part))) {
          kind = 'page-render';
          break;
        }
        if (ROUTE.some((part) => url.includes(part))) hasRoute = true;
      }
      if (kind === 'other' && hasRoute) kind = 'api-route';
    }
    kinds.set(id, kind);
    return kind;
  };
  const windows = new Map<number, Record<string, number>>();
  let elapsed = 0;
  profile.samples.forEach((sample, index) => {
    elapsed += profile.timeDeltas[index] ?? 0;
    // A sample lasts until the next one.
    const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    const window = Math.floor(elapsed / 1e6 / WINDOW_SECONDS) * WINDOW_SECONDS;
    const entry = windows.get(window) ?? {};
    windows.set(window, entry);
    const kind = kindOf(sample);
    entry[kind] = (entry[kind] ?? 0) + ms;
  });
  return windows;
}

for (const file of process.argv.slice(2)) {
  const windows = categorise(JSON.parse(readFileSync(file, 'utf8')) as Profile);
  console.log(`== ${file}`);
  const totals: Record<string, number> = {};
  for (const [second, entry] of [...windows.entries()].sort(([a], [b]) => a - b)) {
    const all = Object.values(entry).reduce((sum, value) => sum + value, 0);
    const busy = all - (entry.idle ?? 0);
    const parts = Object.entries(entry)
      .filter(([kind]) => kind !== 'idle')
      .map(([kind, ms]) => `${kind} ${(ms / 1000).toFixed(1)} s`)
      .join(', ');
    console.log(`${second} s: busy ${(busy / Math.max(1, all)).toFixed(2)} (${parts})`);
    for (const [kind, ms] of Object.entries(entry)) totals[kind] = (totals[kind] ?? 0) + ms;
  }
  console.log(
    `total: ${Object.entries(totals)
      .map(([kind, ms]) => `${kind} ${(ms / 1000).toFixed(1)} s`)
      .join(', ')}`,
  );
}
