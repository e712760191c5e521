import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, openDatabase } from '@/server/db/client';
import { customers, newsletterSubscribers } from '@/server/db/schema';
import { tableChecksums } from '@/server/ops/backup';
import { seedDatabase } from '@/server/seed';
import { adminQuery, quoteIdentifier, withDatabase } from '../support/postgres-context';

/**
 * `npm run db:to-postgres -- URL` copies an embedded database (PGlite under DATA_DIR) to PostgreSQL: run as a
 * command, then every table compared by row count and checksum. Runs in the integration-postgres project.
 */
const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const work = mkdtempSync(path.join(tmpdir(), 'to-postgres-'));
const dataDir = path.join(work, 'data');
const target = `t_copy_${Date.now()}`;
let adminUrl: string;

function copy(...args: string[]) {
  return run(
    process.execPath,
    ['--conditions=react-server', '--import', 'tsx', 'scripts/db-to-postgres.ts', ...args],
    { cwd: root, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, timeout: 240_000 },
  );
}

beforeAll(async () => {
  const postgres = inject('testPostgres');
  if (!postgres) throw new Error('the integration-postgres project provides testPostgres');
  adminUrl = postgres.adminUrl;
  await adminQuery(adminUrl, `CREATE DATABASE ${quoteIdentifier(target)}`);
  const embedded = await openDatabase({ driver: 'pglite', dataDir });
  try {
    await seedDatabase(embedded.db, { articles: 200, documents: 100, today: new Date(), reset: false });
    await embedded.db.insert(newsletterSubscribers).values({ email: 'abonnée@example.org', source: 'site' });
    await embedded.db.insert(customers).values({
      email: 'client@example.org',
      passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$abc$def',
      civility: 14,
      firstname: 'Chloé',
      lastname: "L'Hôte",
      function: 'expert-comptable',
    });
  } finally {
    await embedded.close();
  }
}, 240_000);

afterAll(async () => {
  await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${quoteIdentifier(target)} WITH (FORCE)`);
  rmSync(work, { recursive: true, force: true });
});

describe('npm run db:to-postgres', () => {
  it('copies every row of every table, then refuses to overwrite without --replace', async () => {
    const url = withDatabase(adminUrl, target);
    const { stdout } = await copy(url);
    expect(stdout).toContain('Copie identique');
    let embedded: Database | undefined;
    let copied: Database | undefined;
    try {
      embedded = await openDatabase({ driver: 'pglite', dataDir });
      copied = await openDatabase({ driver: 'postgres', url, maxConnections: 2 });
      const expected = await tableChecksums(embedded.db);
      expect(expected.customers?.rows).toBe(1);
      expect(expected.articles?.rows).toBeGreaterThan(100);
      expect(await tableChecksums(copied.db)).toEqual(expected);
    } finally {
      await embedded?.close();
      await copied?.close();
    }
    await expect(copy(url)).rejects.toMatchObject({ stderr: expect.stringContaining('--replace') });
    const again = await copy(url, '--replace');
    expect(again.stdout).toContain('Copie identique');
  }, 300_000);
});
