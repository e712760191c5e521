import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/server/db/client';
import { findFreePort } from '../support/free-port';

/**
 * Graceful stop on SIGTERM (src/server/observability/http-server.ts, what scripts/serve.ts installs in our
 * server): a child process runs an HTTP server through the same request steps with the process-wide database open;
 * SIGTERM arrives while a slow request is in flight. That request must finish with its answer, new connections
 * must be refused, the database closed and the process must exit 0.
 */
const root = path.resolve(import.meta.dirname, '../..');
const work = mkdtempSync(path.join(tmpdir(), 'shutdown-'));
const dataDir = path.join(work, 'data');

const SERVER = `
import { handleStopSignals } from ${JSON.stringify(path.join(root, 'src/server/observability/http-server.ts'))};
import { createPipelineServer, PRODUCTION_STEPS } from ${JSON.stringify(path.join(root, 'src/server/http/pipeline.ts'))};
import { getDatabase } from ${JSON.stringify(path.join(root, 'src/server/db/client.ts'))};
import { searchSlotStats } from ${JSON.stringify(path.join(root, 'src/server/search/search-slots.ts'))};
handleStopSignals();
const database = await getDatabase();
// The slow renders in progress: each ends when the test writes a line on stdin.
const rendering = new Set();
process.stdin.on('data', () => {
  for (const finish of rendering) finish();
  rendering.clear();
});
const server = createPipelineServer(PRODUCTION_STEPS, async (request, response) => {
  if (request.url === '/slots') {
    response.end(JSON.stringify(searchSlotStats()));
    return;
  }
  // The hook admitted /search (rate limit, a search slot) before this stand-in for Next.js renders it.
  if (request.url === '/slow' || request.url.startsWith('/search')) {
    console.log('rendu en cours ' + request.url);
    await new Promise((resolve) => rendering.add(resolve));
  }
  response.end(JSON.stringify({ path: request.url, database: await database.ping() }));
});
server.listen(Number(process.argv[2]), '127.0.0.1', () => console.log('listening'));
`;

let child: ChildProcess | undefined;

afterAll(() => {
  child?.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
});

function get(port: number, pathname: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: pathname, agent: false }, (response) => {
      let body = '';
      response.on('data', (chunk) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
}

type StartedServer = {
  port: number;
  exited: Promise<number | null>;
  output: () => string;
  /** Resolves once the server's output contains `text` (a log line, a render that began). */
  said: (text: string) => Promise<void>;
  /** Ends the slow renders in progress. */
  finishRenders: () => void;
};

async function startServer(settings: Record<string, string> = {}): Promise<StartedServer> {
  const script = path.join(work, 'server.mts');
  writeFileSync(script, SERVER);
  const port = await findFreePort();
  const started = spawn(
    process.execPath,
    ['--conditions=react-server', '--import', 'tsx', script, String(port)],
    {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: '',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        NODE_ENV: 'production',
        ...settings,
      },
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  child = started;
  // A write after the child exited (a failed test) must not throw in this process.
  started.stdin?.on('error', () => undefined);
  let output = '';
  started.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  const said = async (text: string, timeout = 10_000) => {
    await expect.poll(() => output.includes(text), { timeout, interval: 10 }).toBe(true);
  };
  await said('listening', 150_000);
  const exited = new Promise<number | null>((resolve) => started.once('exit', (code) => resolve(code)));
  return { port, exited, output: () => output, said, finishRenders: () => started.stdin?.write('\n') };
}

/** The server's search slots: taken and waiting (asked before the stop, through the same steps). */
async function slots(port: number): Promise<{ running: number; waiting: number }> {
  return JSON.parse((await get(port, '/slots')).body);
}

describe('graceful stop', () => {
  it('finishes the request in flight, refuses new ones, closes the database and exits 0 on SIGTERM', async () => {
    const { port, exited, output, said, finishRenders } = await startServer();
    const slow = get(port, '/slow');
    await said('rendu en cours /slow');
    child?.kill('SIGTERM');
    // Logged just before the listening socket closes, in the same turn.
    await said('arrêt demandé');
    await expect(get(port, '/late')).rejects.toThrow(/ECONNREFUSED|ECONNRESET/);

    finishRenders();
    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ path: '/slow', database: true });
    expect(await exited).toBe(0);
    expect(output()).toContain('arrêt terminé');

    // The data directory was closed cleanly: it opens again at once.
    const reopened = await openDatabase({ driver: 'pglite', dataDir });
    expect(await reopened.ping()).toBe(true);
    await reopened.close();
  }, 240_000);

  it('leaves a keep-alive connection open after SIGTERM: a POST the proxy sends on it is answered', async () => {
    const { port, exited, said } = await startServer();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const send = (method: string, pathname: string) =>
      new Promise<{ status: number; connection: string | undefined; reused: boolean }>((resolve, reject) => {
        const request = http.request(
          { host: '127.0.0.1', port, path: pathname, method, agent },
          (response) => {
            response.resume();
            response.on('end', () =>
              resolve({
                status: response.statusCode ?? 0,
                connection: response.headers.connection,
                reused: request.reusedSocket,
              }),
            );
          },
        );
        request.on('error', reject);
        request.end(method === 'POST' ? '{}' : undefined);
      });
    expect((await send('GET', '/first')).status).toBe(200);

    child?.kill('SIGTERM');
    // Closing this idle connection at SIGTERM raced the proxy's next request on it (a 502 for a POST): the POST
    // goes once the stop has begun (logged as the listening socket closes).
    await said('arrêt demandé');
    const late = await send('POST', '/on-the-kept-connection');
    expect(late).toEqual({ status: 200, connection: 'close', reused: true });
    agent.destroy();
    expect(await exited).toBe(0);
  }, 240_000);

  /**
   * The searches a stopping instance has not started (waiting for its search slots) are handed over before any
   * byte: behind nginx their connection closes and nginx sends the GET to the other instance
   * (tests/integration/edge-nginx.test.ts). They used to wait behind the searches in progress, the last of them
   * past the 10 s grace, whose end closed their connections after 10 s of waiting (the 2026-11-27 rolling restart).
   */
  it('hands the searches waiting for a slot over to the proxy at once on SIGTERM, and finishes the one running', async () => {
    const { port, exited, output, said, finishRenders } = await startServer({
      SEARCH_CONCURRENCY: '1',
      TRUSTED_PROXY_HOPS: '1',
    });
    const outcome = (pathname: string, agent: http.Agent | false = false) =>
      new Promise<{ status: number; at: number } | { error: string; at: number; bytes: number }>(
        (resolve) => {
          let bytes = 0;
          const request = http.get({ host: '127.0.0.1', port, path: pathname, agent }, (response) => {
            response.on('data', (chunk: Buffer) => {
              bytes += chunk.length;
            });
            response.on('end', () => resolve({ status: response.statusCode ?? 0, at: Date.now() }));
          });
          request.on('error', (error) => resolve({ error: error.message, at: Date.now(), bytes }));
        },
      );
    const kept = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect(await outcome('/first', kept)).toMatchObject({ status: 200 });
    const running = outcome('/search?terme=bail');
    await said('rendu en cours /search?terme=bail');
    // 7 more behind the one running, which ends only when the test says: waiting for it, they would outlast any
    // grace.
    const waiting = Array.from({ length: 7 }, (_, index) => outcome(`/search?terme=loyer${index}`));
    await expect.poll(() => slots(port), { interval: 20 }).toEqual({ running: 1, waiting: 7 });
    const stopAt = Date.now();
    child?.kill('SIGTERM');
    await said('arrêt demandé');
    // A search the proxy sends on a kept connection during the stop, while the slot is taken: handed over too.
    const late = outcome('/search?terme=tardive', kept);

    for (const handedOver of [...(await Promise.all(waiting)), await late]) {
      expect(handedOver).toMatchObject({
        error: expect.stringMatching(/socket hang up|ECONNRESET/),
        bytes: 0,
      });
      expect(handedOver.at - stopAt).toBeLessThan(1_000);
    }
    finishRenders();
    expect(await running).toMatchObject({ status: 200 });
    expect(await exited).toBe(0);
    expect(output()).toContain('recherches en attente rendues au proxy');
    kept.destroy();
  }, 240_000);

  it('answers a search it will not start 503 with Retry-After in French when no proxy is in front', async () => {
    const { port, exited, said, finishRenders } = await startServer({
      SEARCH_CONCURRENCY: '1',
      TRUSTED_PROXY_HOPS: '0',
    });
    const running = get(port, '/search?terme=bail');
    await said('rendu en cours /search?terme=bail');
    const waiting = new Promise<http.IncomingMessage & { body: string }>((resolve, reject) => {
      const request = http.get(
        { host: '127.0.0.1', port, path: '/search?terme=loyer', agent: false },
        (response) => {
          let body = '';
          response.on('data', (chunk) => {
            body += chunk;
          });
          response.on('end', () => resolve(Object.assign(response, { body })));
        },
      );
      request.on('error', reject);
    });
    await expect.poll(() => slots(port), { interval: 20 }).toEqual({ running: 1, waiting: 1 });
    const stopAt = Date.now();
    child?.kill('SIGTERM');
    const refused = await waiting;
    expect(Date.now() - stopAt).toBeLessThan(1_000);
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.headers.connection).toBe('close');
    expect(refused.body).toContain('Le service redémarre');
    expect(refused.body).toContain('lang="fr"');
    finishRenders();
    expect((await running).status).toBe(200);
    expect(await exited).toBe(0);
  }, 240_000);
});
