import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as backupGet } from '@/app/api/ops/backup/route';
import type { Database } from '@/server/db/client';
import { queryRows } from '@/server/db/rows';
import { customers, newsletterSubscribers, sessions } from '@/server/db/schema';
import { BackupError, restoreBackup, tableChecksums, writeBackup } from '@/server/ops/backup';
import { seedDatabase } from '@/server/seed';
import { forgetDatabaseForRoutes, useDatabaseForRoutes } from '../support/api';
import { createTestDatabase } from '../support/database';

/**
 * Backups round trip on the driver of the project (PGlite or PostgreSQL): every row of every table comes back,
 * checked by row counts and checksums of the rows' text, and a backup taken while writes go on is the snapshot
 * of its start.
 */
const work = mkdtempSync(path.join(tmpdir(), 'backup-'));
let source: Database;
let target: Database;

/** A backup in memory: its JSON lines. */
async function backupOf(database: Database, output: Writable = new PassThrough()): Promise<string> {
  const chunks: Buffer[] = [];
  if (output instanceof PassThrough) output.on('data', (chunk: Buffer) => chunks.push(chunk));
  await writeBackup(database.db, output);
  output.end();
  return Buffer.concat(chunks).toString();
}

function streamOf(text: string): PassThrough {
  const stream = new PassThrough();
  stream.end(text);
  return stream;
}

beforeAll(async () => {
  [source, target] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  await seedDatabase(source.db, {
    articles: 200,
    documents: 40,
    today: new Date('2026-11-20T00:00:00Z'),
    reset: false,
  });
  // Readers' rows too, with the values that are easy to get wrong: accents, quotes, nulls, time zones.
  await source.db.insert(newsletterSubscribers).values([
    { email: "élodie.o'hara@example.org", source: 'site' },
    { email: 'zoe@example.org', source: 'inscription' },
  ]);
  const [customer] = await source.db
    .insert(customers)
    .values({
      email: 'client@example.org',
      passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$abc$def',
      civility: 13,
      firstname: 'Anne "la" Comptable',
      lastname: 'Du\\rand',
      function: 'expert-comptable',
      optin: false,
    })
    .returning();
  await source.db.insert(sessions).values({
    tokenHash: 'f'.repeat(64),
    customerId: customer?.id ?? 0,
    expiresAt: new Date('2026-12-01T12:34:56.789Z'),
  });
}, 120_000);

afterAll(async () => {
  forgetDatabaseForRoutes();
  await Promise.all([source?.close(), target?.close()]);
  rmSync(work, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('brings back every row of every table: equal row counts and checksums', async () => {
    const expected = await tableChecksums(source.db);
    expect(Object.keys(expected).length).toBeGreaterThan(10);
    expect(expected.articles?.rows).toBeGreaterThan(0);
    expect(expected.customers?.rows).toBe(1);
    const summary = await restoreBackup(target.db, streamOf(await backupOf(source)));
    expect(await tableChecksums(target.db)).toEqual(expected);
    expect(summary.tables.newsletter_subscribers).toBe(expected.newsletter_subscribers?.rows);
    // Sequences moved on: the restored database takes new rows.
    await target.db
      .insert(newsletterSubscribers)
      .values({ email: 'apres-restauration@example.org', source: 'site' });
  });

  it('is the snapshot of its start while writes go on', async () => {
    const before = await tableChecksums(source.db);
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let reachedRows = false;
    const chunks: Buffer[] = [];
    // Holds the backup in the middle of its first rows until the test lets it go on.
    const slow = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        if (!reachedRows && chunk.toString().startsWith('{"kind":"rows"')) {
          reachedRows = true;
          gate.then(() => callback());
          return;
        }
        callback();
      },
    });
    const backup = writeBackup(source.db, slow);
    while (!reachedRows) await new Promise((resolve) => setTimeout(resolve, 10));
    const writes = Promise.all([
      source.db.insert(newsletterSubscribers).values({ email: 'pendant@example.org', source: 'site' }),
      source.db.delete(sessions),
    ]);
    // PostgreSQL runs the writes beside the backup; PGlite (one connection) runs them once it is over.
    if (source.driver === 'postgres') await writes;
    release();
    await backup;
    await writes;
    await restoreBackup(target.db, streamOf(Buffer.concat(chunks).toString()));
    expect(await tableChecksums(target.db)).toEqual(before);
    expect(await tableChecksums(source.db)).not.toEqual(before);
  });

  it('refuses a backup of another schema or another file, and changes nothing', async () => {
    const backup = await backupOf(source);
    const before = await tableChecksums(target.db);
    const [header, ...rest] = backup.split('\n');
    const other = JSON.parse(header ?? '{}') as { migrations: string[] };
    other.migrations = other.migrations.slice(0, -1);
    await expect(
      restoreBackup(target.db, streamOf([JSON.stringify(other), ...rest].join('\n'))),
    ).rejects.toThrow(BackupError);
    await expect(restoreBackup(target.db, streamOf('{"hello":"world"}\n'))).rejects.toThrow(
      "Ce fichier n'est pas une sauvegarde de La Quotidienne.",
    );
    // A backup cut in the middle of a line fails inside the transaction: nothing half-restored.
    await expect(restoreBackup(target.db, streamOf(backup.slice(0, backup.length / 2)))).rejects.toThrow();
    expect(await tableChecksums(target.db)).toEqual(before);
  });

  it('ends and frees the database within a second of its client going away', async () => {
    useDatabaseForRoutes(source);
    const response = await backupGet(
      new Request('http://127.0.0.1:3000/api/ops/backup', { headers: { 'x-forwarded-for': '127.0.0.1' } }),
    );
    expect(response.status).toBe(200);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    let received = 0;
    while (received < 20_000) {
      const { value, done } = await reader.read();
      if (done) throw new Error('the backup ended before its client went away');
      received += value.byteLength;
    }
    // Cut off as a client closing its connection after 20 KB: the server cancels the answer's stream.
    await reader.cancel();
    const started = Date.now();
    const answered = await Promise.race([
      source.db.execute(sql`select 1`).then(() => true),
      new Promise<false>((resolve) => setTimeout(() => resolve(false), 1_000)),
    ]);
    // PGlite's one connection answers again; on PostgreSQL the snapshot's transaction is gone.
    expect(answered).toBe(true);
    if (source.driver === 'postgres') {
      await expect
        .poll(
          async () =>
            (
              await queryRows<{ open: number }>(
                source.db,
                sql`select count(*)::int as open from pg_stat_activity
                    where datname = current_database() and pid <> pg_backend_pid() and xact_start is not null`,
              )
            )[0]?.open,
          { timeout: Math.max(1, 1_000 - (Date.now() - started)), interval: 50 },
        )
        .toBe(0);
    }
  });
});
