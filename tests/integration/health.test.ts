import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The health route reads the process configuration, so each case loads fresh modules with its own environment.
async function healthWith(variables: Record<string, string | undefined>) {
  vi.resetModules();
  for (const [name, value] of Object.entries(variables)) vi.stubEnv(name, value as string);
  const { GET } = await import('@/app/api/health/route');
  const { closeDatabase } = await import('@/server/db/client');
  try {
    return await GET();
  } finally {
    await closeDatabase();
  }
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('GET /api/health', () => {
  it('answers 200 {"status":"ok"} once the embedded database is open', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'health-'));
    try {
      const response = await healthWith({ DATABASE_URL: '', DATA_DIR: dataDir });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: 'ok' });
      expect(response.headers.get('cache-control')).toBe('no-store');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('answers 503 while the database is unreachable', async () => {
    // Port 1 on loopback: nothing listens there, the connection is refused at once.
    const response = await healthWith({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: 'unavailable' });
  });
});
