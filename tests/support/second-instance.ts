import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tagRenderedPage } from '@/server/cache/page-tags';
import { refreshCachedCopiesOfSharedBuild } from '@/server/cache/refresh-copies';
import { listenForContentChanges } from '@/server/content/content-changes';
import { answerFromPageCache } from '@/server/http/page-cache';
import { recordForPageCache } from '@/server/http/page-cache-capture';
import { ISR_HEADERS } from './isr-answer';

/**
 * A second server instance, in a process of its own (its own page cache, page tags and listener), for the
 * two-instance test (tests/integration/content-tags-instances.test.ts), run by `fork` with
 * `--conditions=react-server --import tsx`. Its argument (JSON): the database its listener connects to, the build
 * folder it shares with the test's process (what /api/revalidate does on PostgreSQL) and the tags each path records
 * as the stand-in for Next.js renders it. It tells its parent, over IPC, its address
 * (`ready`) and each change it heard with what it refreshed (`refreshed`).
 */
type Options = { databaseUrl: string; build: string; pages: Record<string, readonly string[]> };
export type SecondInstanceMessage =
  | { kind: 'ready'; base: string }
  | { kind: 'refreshed'; tags: readonly string[]; revalidated: string[]; pageCacheEntries: number };

const { databaseUrl, build, pages } = JSON.parse(process.argv[2] ?? '{}') as Options;
const send = (message: SecondInstanceMessage) => process.send?.(message);

const server = http.createServer((request, response) => {
  if (answerFromPageCache(request, response)) return;
  recordForPageCache(request, response);
  const path = (request.url ?? '').split('?', 1)[0] ?? '';
  const tags = pages[path];
  if (tags) tagRenderedPage(path, tags);
  for (const [name, value] of Object.entries(ISR_HEADERS))
    if (value !== undefined) response.setHeader(name, value);
  // Rendered for this request: kept as long as Next's copy (60 s), whatever the machine's pace.
  response.setHeader('x-nextjs-cache', 'MISS');
  response.end(`<!doctype html><p>${path}</p>`);
});

const stopListening = listenForContentChanges(databaseUrl, (tags) => {
  const revalidated: string[] = [];
  void refreshCachedCopiesOfSharedBuild(tags, (path) => revalidated.push(path), build).then(
    ({ pageCacheEntries }) => send({ kind: 'refreshed', tags, revalidated, pageCacheEntries }),
  );
});

server.listen(0, '127.0.0.1', () => {
  send({ kind: 'ready', base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
});

process.on('disconnect', () => {
  void stopListening().finally(() => server.close(() => process.exit(0)));
});
