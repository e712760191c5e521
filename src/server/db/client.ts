import 'server-only';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { env } from '../env';
import { remember } from '../lib/remember';
import { tracingEnabled } from '../observability/tracing';
import { openDurablePglite } from './durable-pglite';
import { noteConnectionAttempt, watchPoolConnections } from './reachability';
import * as schema from './schema';
import { tracePgClient } from './traced-statements';
import { yieldingBetweenStatements } from './yielding-pglite';

/** One type for both drivers: code never knows whether it runs on PGlite or PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseConfig =
  | { driver: 'pglite'; dataDir: string | undefined }
  | { driver: 'postgres'; url: string; maxConnections?: number };

export type Database = {
  db: Db;
  driver: DatabaseConfig['driver'];
  /** Answers true when a trivial query succeeds. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** Connection counts for the metrics: PGlite is one in-process connection, PostgreSQL a pool. */
  poolStats?(): PoolStats;
};

export type PoolStats = { total: number; idle: number; waiting: number };

const MIGRATIONS_FOLDER = path.join(process.cwd(), 'drizzle');

/** Opens a database and brings its schema up to date. `dataDir` undefined means in memory (tests). */
export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if (config.driver === 'pglite') {
    const extensions = { unaccent, pg_trgm };
    // On a data directory, commits are synced to disk (durable-pglite.ts); in memory (tests) there is no disk.
    // Each statement lets the event loop take a turn first (yielding-pglite.ts): PGlite runs in this thread.
    const client = yieldingBetweenStatements(
      config.dataDir
        ? await openDurablePglite(config.dataDir, { extensions })
        : await PGlite.create({ extensions }),
    );
    try {
      const db = drizzlePglite({ client, schema, casing: 'snake_case' });
      embeddedDatabases.add(db);
      await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
      return databaseOf(db as unknown as Db, 'pglite', () => client.close());
    } catch (error) {
      await client.close().catch(() => {});
      throw error;
    }
  }
  const size = config.maxConnections ?? 10;
  const pool = postgresPool(config.url, size);
  watchPoolConnections(pool);
  try {
    const db = drizzleNodePg({ client: pool, schema, casing: 'snake_case' });
    await migrateNodePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return postgresDatabase(db as unknown as Db, pool, { url: config.url, size, watched: true });
  } catch (error) {
    noteConnectionAttempt(error);
    await pool.end().catch(() => {});
    throw error;
  }
}

/**
 * A pool of PostgreSQL connections, the primary's or the read replica's. `options` is libpq's: settings each
 * connection starts with (`-c name=value`).
 */
function postgresPool(url: string, max: number, options?: string): pg.Pool {
  // Idle connections are kept 5 minutes, not node-postgres's 10 s: a new connection's first search costs 30 to 42 ms
  // more at 1.1M documents (its backend loads the catalogue and indexes), which a quiet 10 s brought back
  // (docs/SEARCH.md, "PostgreSQL at 1M: the fixed costs").
  const pool = new pg.Pool({
    connectionString: url,
    max,
    options,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 5 * 60_000,
    // Idle connections do not keep a script or a test process alive for those 5 minutes.
    allowExitOnIdle: true,
  });
  // An idle client losing its connection (database restarted) must not crash the process.
  pool.on('error', () => {});
  if (tracingEnabled()) pool.on('connect', tracePgClient);
  return pool;
}

/** Where a PostgreSQL database's pools connect: its URL, DATABASE_POOL_SIZE, and whether outages are watched. */
type PoolOrigin = { url: string; size: number; watched: boolean };

/** A database's pools whose connections start with settings, by their `options`. */
type SettingsPools = { origin: PoolOrigin; pools: Map<string, { db: Db; pool: pg.Pool }> };
const settingsPoolsOf = remember('settings-pools', () => new WeakMap<object, SettingsPools>());

function postgresDatabase(db: Db, pool: pg.Pool, origin: PoolOrigin): Database {
  const settingsPools: SettingsPools = { origin, pools: new Map() };
  settingsPoolsOf.set(db, settingsPools);
  const everyPool = () => [pool, ...[...settingsPools.pools.values()].map((entry) => entry.pool)];
  return databaseOf(
    db,
    'postgres',
    async () => {
      const pools = everyPool();
      settingsPoolsOf.delete(db);
      await Promise.all(pools.map((each) => each.end()));
    },
    {
      poolStats: () =>
        everyPool().reduce(
          (sum, each) => ({
            total: sum.total + each.totalCount,
            idle: sum.idle + each.idleCount,
            waiting: sum.waiting + each.waitingCount,
          }),
          { total: 0, idle: 0, waiting: 0 },
        ),
    },
  );
}

/** Settings a connection starts with: names and values of letters, digits, `_` and `.` (libpq's options). */
export type ConnectionSettings = Readonly<Record<string, string>>;

/**
 * The same PostgreSQL database through connections that start with `settings`: a statement needing them runs
 * alone instead of in a transaction that sets them (BEGIN, set_config, COMMIT: three more round trips, each a
 * wake-up of the server process). One pool per database and settings, opened at first use with a quarter of
 * DATABASE_POOL_SIZE (rounded up) connections of its own, counted in the pool gauges and closed with the
 * database. Undefined on PGlite, one in-process connection.
 */
export function withConnectionSettings(db: Db, settings: ConnectionSettings): Db | undefined {
  const options = Object.entries(settings)
    .map(([name, value]) => {
      if (!/^[\w.]+$/.test(name) || !/^[\w.]+$/.test(value))
        throw new Error(`connection setting ${name}=${value}: letters, digits, _ and . only`);
      return `-c ${name}=${value}`;
    })
    .join(' ');
  const settingsPools = settingsPoolsOf.get(db);
  if (!settingsPools) return undefined;
  const existing = settingsPools.pools.get(options);
  if (existing) return existing.db;
  const { origin } = settingsPools;
  const pool = postgresPool(origin.url, Math.ceil(origin.size / 4), options);
  if (origin.watched) watchPoolConnections(pool);
  const settingsDb = drizzleNodePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
  settingsPools.pools.set(options, { db: settingsDb, pool });
  return settingsDb;
}

// On globalThis: Next.js may load this module once per bundle, and a database opened by one copy is used by others.
const embeddedDatabases = remember('embedded-databases', () => new WeakSet<object>());

/**
 * True for a PGlite database, run in this process's thread: every row a statement reads is a copy in memory, and
 * a few plans are chosen differently there (the search's candidates, docs/SEARCH.md).
 */
export function isEmbedded(db: Db): boolean {
  return embeddedDatabases.has(db);
}

/** The `Database` of an open drizzle instance, whichever the driver. */
function databaseOf(
  db: Db,
  driver: Database['driver'],
  close: () => Promise<void>,
  extra: Pick<Database, 'poolStats'> = {},
): Database {
  return { db, driver, ping: () => pingWith(db), close, ...extra };
}

async function pingWith(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** The configuration the process runs with: PostgreSQL when DATABASE_URL is set, else PGlite under DATA_DIR. */
export function configuredDatabase(): DatabaseConfig {
  const config = env();
  if (config.DATABASE_URL) {
    return { driver: 'postgres', url: config.DATABASE_URL, maxConnections: config.DATABASE_POOL_SIZE };
  }
  return { driver: 'pglite', dataDir: path.resolve(config.DATA_DIR) };
}

/**
 * The process-wide database, one per process so that the start script and Next.js's own copies of this module share
 * one PGlite instance (two instances on one data directory would corrupt it): its opening, the database once open,
 * and the read replica's pool.
 */
type ProcessDatabases = {
  opening?: Promise<Database>;
  opened?: Database;
  replica?: { url: string; database: Database };
};
const holder = remember<ProcessDatabases>('database', () => ({}));

/** Makes `getDatabase()` answer this database (tests calling route handlers on their own database). */
export function setProcessDatabase(opening: Promise<Database> | undefined): void {
  holder.opening = opening;
  holder.opened = undefined;
}

/** The process-wide database, opened and migrated on first use. A failed opening is retried on the next call. */
export function getDatabase(): Promise<Database> {
  let opening = holder.opening;
  if (opening && !holder.opened) {
    // Set by someone else (a test's database): remember it once it resolves, for the synchronous gauges.
    const pending = opening;
    pending.then(
      (database) => {
        if (holder.opening === pending) holder.opened = database;
      },
      () => {},
    );
  }
  if (!opening) {
    opening = openDatabase(configuredDatabase());
    holder.opening = opening;
    // A rejected promise kept here would poison every later request: forget it so the next call retries.
    opening.then(
      (database) => {
        if (holder.opening === opening) holder.opened = database;
      },
      () => {
        if (holder.opening === opening) holder.opening = undefined;
      },
    );
  }
  return opening;
}

export async function getDb(): Promise<Db> {
  return (await getDatabase()).db;
}

// --- Operations: the read replica ---

/**
 * The database for public reads that may lag a little (lists, search, suggestions): the streaming replica of
 * DATABASE_READ_URL when one is set (docs/SCALING.md, "Read replicas"), else the primary. Writes, and reads that
 * must see a write just made (sessions, rate limits, a reader's own data), use getDb(). The replica is never
 * migrated: it follows the primary.
 */
export async function getReadDb(): Promise<Db> {
  const url = env().DATABASE_READ_URL;
  if (!url) return getDb();
  const current = holder.replica;
  if (current?.url === url) return current.database.db;
  const size = env().DATABASE_POOL_SIZE;
  const pool = postgresPool(url, size);
  const db = drizzleNodePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
  holder.replica = { url, database: postgresDatabase(db, pool, { url, size, watched: false }) };
  return db;
}
// --- end of the read replica ---

/** Closes the process-wide database (and the read replica's pool) if it was opened. */
export async function closeDatabase(): Promise<void> {
  const replica = holder.replica;
  holder.replica = undefined;
  await replica?.database.close().catch(() => {});
  const opening = holder.opening;
  holder.opening = undefined;
  holder.opened = undefined;
  if (!opening) return;
  const database = await opening.catch(() => undefined);
  await database?.close();
}

/** The process-wide database once open (synchronous, for gauges read at scrape time), else undefined. */
export function openedDatabase(): Database | undefined {
  return holder.opened;
}
