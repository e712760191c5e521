import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/server/db/client';
import { encode, type Random, randomBody, randomQuery, randomSource, randomValue } from '../fuzz/generators';
import {
  type DiscoveredRoute,
  discoverApiRoutes,
  forgetDatabaseForRoutes,
  type HttpMethod,
  loadRoute,
  seedApiFixtures,
  TEST_ORIGIN,
  useDatabaseForRoutes,
} from '../support/api';
import { createTestDatabase } from '../support/database';

/**
 * Random and malformed requests against every route under src/app/api (found on disk, so new routes are fuzzed
 * without editing this file): no answer may be a 5xx, every handler must answer (never throw), and every answer
 * must carry no-store caching. The run is reproducible: FUZZ_SEED=<n> replays the seed printed on failure.
 */

const TOTAL_REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 1_500);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

function randomHeaders(
  random: Random,
  known: { sessionToken: string },
  method: HttpMethod,
): Record<string, string> {
  const headers: Record<string, string> = {};
  // Writes mostly come from the site itself, so they get past the origin guard and reach their parsing.
  if (method !== 'GET' && random.chance(0.8)) headers.origin = TEST_ORIGIN;
  else if (random.chance(0.1)) headers.origin = random.pick(['https://evil.example', 'null', 'not a url']);
  if (random.chance(0.2))
    headers.authorization = random.pick([`Bearer ${known.sessionToken}`, 'Bearer ', 'Basic abc', 'Bearer é']);
  if (random.chance(0.2)) {
    headers.cookie = random.pick([
      `quotidienne_session=${known.sessionToken}`,
      'quotidienne_session=%E0%A4%A',
      'quotidienne_session=',
      `a=b; quotidienne_session=${'x'.repeat(500)}`,
    ]);
  }
  if (random.chance(0.1)) headers['x-forwarded-for'] = random.pick(['1.2.3.4', '', 'not-an-ip, , ::1']);
  if (random.chance(0.05)) headers['content-length'] = random.pick(['999999999', '-1', 'abc']);
  return headers;
}

function fillPattern(
  route: DiscoveredRoute,
  random: Random,
  known: { sessionToken: string },
): { path: string; params: Record<string, string> } {
  const params: Record<string, string> = {};
  let path = route.pattern;
  for (const segment of route.segments) {
    const value = randomValue(random, known);
    params[segment] = value;
    path = path.replace(/\[+\.*[^\]]+\]+/, encode(value) || 'x');
  }
  return { path, params };
}

let database: Database;
let known: { sessionToken: string };

beforeAll(async () => {
  database = await createTestDatabase();
  known = await seedApiFixtures(database.db);
  useDatabaseForRoutes(database);
});

afterAll(async () => {
  forgetDatabaseForRoutes();
  await database?.close();
});

describe('fuzzing every /api route', () => {
  const routes = discoverApiRoutes();

  it('finds the routes of section 7 on disk', () => {
    const patterns = routes.map((route) => route.pattern);
    for (const expected of [
      '/api/article/summary',
      '/api/article/single',
      '/api/archive/info',
      '/api/issue',
      '/api/banner',
      '/api/eshop/products',
      '/api/eshop/textSearch',
      '/api/eshop/whitePapers',
    ]) {
      expect(patterns).toContain(expected);
    }
  });

  it(`answers ${TOTAL_REQUESTS} random and malformed requests without a 5xx (seed ${SEED})`, {
    timeout: 600_000,
  }, async () => {
    const random = randomSource(SEED);
    const handlers = await Promise.all(
      routes.map(async (route) => ({ route, module: await loadRoute(route) })),
    );
    const targets = handlers.flatMap(({ route, module }) =>
      Object.entries(module).map(([method, handler]) => ({ route, method: method as HttpMethod, handler })),
    );
    expect(targets.length).toBeGreaterThanOrEqual(8);

    const failures: string[] = [];
    const perTarget = new Map<string, number>();
    for (let index = 0; index < TOTAL_REQUESTS; index += 1) {
      // Round-robin, so every route gets its share however many there are.
      const target = targets[index % targets.length];
      if (!target) continue;
      const { path, params } = fillPattern(target.route, random, known);
      const url = `${TEST_ORIGIN}${path}${randomQuery(random, known)}`;
      const headers: Record<string, string> = {
        host: new URL(TEST_ORIGIN).host,
        ...randomHeaders(random, known, target.method),
      };
      let body: string | undefined;
      if (target.method !== 'GET') {
        const generated = randomBody(random, known);
        body = generated.body;
        if (generated.contentType) headers['content-type'] = generated.contentType;
      }
      const label = `${target.method} ${url.slice(0, 300)} ${body === undefined ? '' : `body=${JSON.stringify(body.slice(0, 200))}`}`;
      let status: number;
      let cacheControl: string | null;
      try {
        const response = await target.handler(new Request(url, { method: target.method, headers, body }), {
          params: Promise.resolve(params),
        });
        status = response.status;
        cacheControl = response.headers.get('cache-control');
        await response.text();
      } catch (error) {
        failures.push(`${label} -> threw ${error instanceof Error ? error.message : String(error)}`);
        continue;
      }
      perTarget.set(
        `${target.method} ${target.route.pattern}`,
        (perTarget.get(`${target.method} ${target.route.pattern}`) ?? 0) + 1,
      );
      if (status >= 500) failures.push(`${label} -> ${status}`);
      if (!cacheControl?.includes('no-store')) failures.push(`${label} -> cache-control ${cacheControl}`);
    }
    expect(failures, `seed ${SEED}: replay with FUZZ_SEED=${SEED}`).toEqual([]);
    for (const count of perTarget.values())
      expect(count).toBeGreaterThanOrEqual(Math.floor(TOTAL_REQUESTS / targets.length));
  });
});
