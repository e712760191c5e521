import { count, eq, is, sql } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, withConnectionSettings } from '@/server/db/client';
import { queryRows } from '@/server/db/rows';
import * as schema from '@/server/db/schema';
import { createTestDatabase } from '../support/database';

// Runs twice: in the integration-pglite project (in-memory PGlite) and in integration-postgres (a fresh database
// copied from the migrated template on a throwaway PostgreSQL server).

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

/** Rows of a raw query, whichever driver answered (node-postgres and PGlite shape results differently). */
async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const schemaTables = Object.values(schema as Record<string, unknown>).filter((value): value is PgTable =>
  is(value, PgTable),
);

function anArticle(id: string, fields: Partial<typeof schema.articles.$inferInsert> = {}) {
  return {
    id,
    type: 'actualite',
    slug: `article-${id}`,
    title: `Article ${id}`,
    publicationDate: new Date('2026-11-02T08:00:00Z'),
    ...fields,
  } satisfies typeof schema.articles.$inferInsert;
}

describe('the test database', () => {
  it('runs on the driver of its Vitest project, in a database of its own', async () => {
    const postgres = inject('testPostgres');
    expect(database.driver).toBe(postgres ? 'postgres' : 'pglite');
    if (postgres) {
      const [current] = await rows<{ name: string }>(sql`select current_database() as name`);
      expect(current?.name).toMatch(/^t_[0-9a-f]{12}$/);
    }
  });

  it('is independent of any other test database, answers ping() while open and not once closed', async () => {
    expect(await database.ping()).toBe(true);
    const other = await createTestDatabase();
    try {
      expect(await other.ping()).toBe(true);
      await database.db.insert(schema.articles).values(anArticle('own-1'));
      const seen = await other.db.select().from(schema.articles).where(eq(schema.articles.id, 'own-1'));
      expect(seen).toEqual([]);
    } finally {
      await other.close();
    }
    expect(await other.ping()).toBe(false);
  });
});

describe('migrations', () => {
  it('create every table of the schema with every column', async () => {
    expect(schemaTables.length).toBeGreaterThan(0);
    const found = await rows<{ table_name: string; column_name: string }>(sql`
      select table_name, column_name from information_schema.columns where table_schema = 'public'
    `);
    const columnsByTable = new Map<string, Set<string>>();
    for (const { table_name, column_name } of found) {
      const columns = columnsByTable.get(table_name) ?? new Set<string>();
      columns.add(column_name);
      columnsByTable.set(table_name, columns);
    }
    // Same set of tables both ways: nothing missing, nothing left over from an old migration.
    expect([...columnsByTable.keys()].sort()).toEqual(
      schemaTables.map((table) => getTableConfig(table).name).sort(),
    );
    for (const table of schemaTables) {
      const config = getTableConfig(table);
      const columns = columnsByTable.get(config.name);
      expect(columns, `table ${config.name}`).toBeDefined();
      const expected = config.columns.map((column) => toSnakeCase(column.name)).sort();
      expect([...(columns ?? [])].sort(), `columns of ${config.name}`).toEqual(expected);
    }
  });

  it('create the French text search configuration french_unaccent (accents ignored, stemmed, stop words)', async () => {
    const [configuration] = await rows<{ cfgname: string }>(
      sql`select cfgname from pg_ts_config where cfgname = ${schema.SEARCH_CONFIG}`,
    );
    expect(configuration?.cfgname).toBe('french_unaccent');

    const [vector] = await rows<{ lexemes: string[] }>(
      sql`select tsvector_to_array(to_tsvector('french_unaccent', 'Les impôts déclarés')) as lexemes`,
    );
    expect(vector?.lexemes).toContain('impot');
    expect(vector?.lexemes).toContain('declar');

    // French stop words ("des", "et", "du") leave no lexeme. PostgreSQL's French list lacks "les", hence not it.
    const [stop] = await rows<{ lexemes: string[] }>(
      sql`select tsvector_to_array(to_tsvector('french_unaccent', 'des impôts et du crédit')) as lexemes`,
    );
    expect(stop?.lexemes.sort()).toEqual(['cred', 'impot']);

    const [match] = await rows<{ matches: boolean }>(sql`
      select to_tsvector('french_unaccent', 'Les impôts déclarés')
        @@ websearch_to_tsquery('french_unaccent', 'IMPOT declare') as matches
    `);
    expect(match?.matches).toBe(true);
  });

  it('fill the generated search_vector of an article on insert, title weighted above summary and body', async () => {
    await database.db.insert(schema.articles).values(
      anArticle('search-1', {
        title: 'Impôts locaux',
        summary: 'Une réforme des taxes foncières',
        bodyText: 'Les contribuables déclarés devront payer.',
      }),
    );
    const [row] = await rows<{ vector: string }>(
      sql`select search_vector::text as vector from articles where id = 'search-1'`,
    );
    expect(row?.vector).toContain("'impot':1A");
    expect(row?.vector).toMatch(/'reform':\d+B/);
    expect(row?.vector).toMatch(/'declar':\d+C/);

    const [hit] = await rows<{ id: string }>(sql`
      select id from articles where search_vector @@ websearch_to_tsquery('french_unaccent', 'réformes foncière')
    `);
    expect(hit?.id).toBe('search-1');
  });

  it('fill the generated search_vector of a subscriber document on insert', async () => {
    await database.db.insert(schema.subscriberDocuments).values({
      id: 'doc-1',
      titreAffichage: 'Contrôle fiscal',
      microContenu: 'Procédure de vérification',
      texte: 'Le vérificateur examine les écritures comptables.',
      dateResultat: '2026-11-02',
      typeDocument: 'jurisprudence',
      typeUr: 'decision',
      urId: 'ur-1',
    });
    const [row] = await rows<{ vector: string }>(
      sql`select search_vector::text as vector from subscriber_documents where id = 'doc-1'`,
    );
    expect(row?.vector).toMatch(/'control':\d+A/);
    expect(row?.vector).toMatch(/'ecritur':\d+C/);
  });
});

describe('transactions', () => {
  it('leave nothing behind when a statement fails midway', async () => {
    const attempt = database.db.transaction(async (tx) => {
      await tx.insert(schema.articles).values(anArticle('tx-1'));
      await tx.insert(schema.articles).values(anArticle('tx-2'));
      // Same primary key again: the database rejects it, the whole transaction rolls back.
      await tx.insert(schema.articles).values(anArticle('tx-1'));
    });
    await expect(attempt).rejects.toThrow();
    const [{ total } = { total: -1 }] = await database.db
      .select({ total: count() })
      .from(schema.articles)
      .where(sql`${schema.articles.id} in ('tx-1', 'tx-2')`);
    expect(total).toBe(0);
  });

  it('leave nothing behind when the code throws midway', async () => {
    const attempt = database.db.transaction(async (tx) => {
      await tx.insert(schema.articles).values(anArticle('tx-3'));
      throw new Error('abandon');
    });
    await expect(attempt).rejects.toThrow('abandon');
    const found = await database.db.select().from(schema.articles).where(eq(schema.articles.id, 'tx-3'));
    expect(found).toEqual([]);
  });

  it('keep everything when they succeed', async () => {
    await database.db.transaction(async (tx) => {
      await tx.insert(schema.articles).values(anArticle('tx-4'));
      await tx.insert(schema.articles).values(anArticle('tx-5'));
    });
    const found = await database.db
      .select({ id: schema.articles.id })
      .from(schema.articles)
      .where(sql`${schema.articles.id} in ('tx-4', 'tx-5')`)
      .orderBy(schema.articles.id);
    expect(found).toEqual([{ id: 'tx-4' }, { id: 'tx-5' }]);
  });
});

describe('connections with settings', () => {
  const settings = { jit: 'off', statement_timeout: '1234' };

  it('start with their settings on PostgreSQL, once per database and settings, and leave the others alone', async () => {
    const withSettings = withConnectionSettings(database.db, settings);
    if (database.driver === 'pglite') {
      expect(withSettings).toBeUndefined();
      return;
    }
    expect(withSettings).toBeDefined();
    expect(withConnectionSettings(database.db, { ...settings })).toBe(withSettings);
    const [own] = await queryRows<{ timeout: string; jit: string }>(
      withSettings as NonNullable<typeof withSettings>,
      sql`select current_setting('statement_timeout') as timeout, current_setting('jit') as jit`,
    );
    expect(own).toEqual({ timeout: '1234ms', jit: 'off' });
    const [plain] = await rows<{ timeout: string }>(
      sql`select current_setting('statement_timeout') as timeout`,
    );
    expect(plain?.timeout).toBe('0');
    // The gauges count the settings pool's open connection beside the main pool's.
    expect(database.poolStats?.().total).toBeGreaterThanOrEqual(2);
  });

  it('refuse a name or value that could carry another option, on either driver', () => {
    expect(() => withConnectionSettings(database.db, { statement_timeout: '1 -c jit=on' })).toThrow(
      /letters, digits/,
    );
    expect(() => withConnectionSettings(database.db, { 'search_path=x -c a': 'b' })).toThrow(
      /letters, digits/,
    );
  });

  it('end with their database: none is opened for a closed one', async () => {
    const other = await createTestDatabase();
    const before = withConnectionSettings(other.db, settings);
    await other.close();
    expect(withConnectionSettings(other.db, settings)).toBeUndefined();
    if (other.driver === 'postgres') expect(before).toBeDefined();
  });
});
