import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Writes into the build folder `build` what Next's file-system cache writes for a page at `address`: its HTML and
 * metadata, its RSC payload, its segments; rendered at run time under its route's folder of the route cache, at
 * build time under `app` (src/server/cache/isr-copies-on-disk.ts says where Next.js 16 keeps them).
 */
export function keepIsrCopy(build: string, address: string, where: 'run' | 'build' = 'run'): void {
  const file =
    address === '/' ? 'index' : address.startsWith('/index') ? `index${address}` : address.slice(1);
  const folder = path.join(
    build,
    'server',
    where === 'run' ? path.join('route-cache', 'APP_PAGE', 'a1b2c3', '$') : 'app',
  );
  const stem = path.join(folder, file);
  mkdirSync(path.dirname(stem), { recursive: true });
  for (const suffix of ['.html', '.meta', '.rsc']) writeFileSync(`${stem}${suffix}`, '');
  mkdirSync(`${stem}.segments`, { recursive: true });
  writeFileSync(path.join(`${stem}.segments`, '_index.segment.rsc'), '');
}
