import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GET, PUT } from '@/app/api/admin/search/blocklist/route';
import { announceContentChange } from '@/server/content/content-changes';
import type { Database } from '@/server/db/client';
import { forgetDatabaseForRoutes, useDatabaseForRoutes } from '../support/api';
import { createTestDatabase } from '../support/database';
import { callAdmin, createTestStaff } from '../support/newsroom';

/** Issue 15: administrators read and replace the suggestion blocklist through the Admin API. */

// The announcement every instance's listener turns into emptied caches, observed (it still runs).
vi.mock('@/server/content/content-changes', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/server/content/content-changes')>();
  return { ...original, announceContentChange: vi.fn(original.announceContentChange) };
});

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  useDatabaseForRoutes(database);
});

afterAll(async () => {
  forgetDatabaseForRoutes();
  await database?.close();
});

const path = '/api/admin/search/blocklist';

describe('GET/PUT /api/admin/search/blocklist', () => {
  it('lets an administrator replace and read the list, normalised', async () => {
    const admin = await createTestStaff(database.db, 'administrateur');
    const put = await callAdmin<{ entries: string[] }>(PUT, {
      path,
      method: 'PUT',
      caller: admin,
      body: { entries: ['Arnaque', 'ARNAQUE', '08 99 12 34 56'] },
    });
    expect(put.status).toBe(200);
    expect(put.body.entries).toEqual(['08 99 12 34 56', 'arnaque']);
    // Announced like a content change: the suggestions' kept answers go too (decision 055).
    expect(announceContentChange).toHaveBeenCalledTimes(1);
    expect((await callAdmin<{ entries: string[] }>(GET, { path, caller: admin })).body.entries).toEqual(
      put.body.entries,
    );
  });

  it('refuses readers without a staff session, other roles, and bad bodies in French', async () => {
    expect((await callAdmin(GET, { path })).status).toBe(401);
    const editor = await createTestStaff(database.db, 'editeur');
    expect(
      (await callAdmin(PUT, { path, method: 'PUT', caller: editor, body: { entries: [] } })).status,
    ).toBe(403);
    const admin = await createTestStaff(database.db, 'administrateur');
    const bad = await callAdmin<{ message?: string }>(PUT, {
      path,
      method: 'PUT',
      caller: admin,
      body: { entries: ['x'.repeat(61)] },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('60 caractères');
  });
});
