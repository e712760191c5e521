import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as previewPost } from '@/app/api/admin/pages/[slug]/preview/route';
import { POST as restorePost } from '@/app/api/admin/pages/[slug]/revisions/[rev]/restore/route';
import { GET as revisionGet } from '@/app/api/admin/pages/[slug]/revisions/[rev]/route';
import { GET as revisionsGet } from '@/app/api/admin/pages/[slug]/revisions/route';
import { GET as pageGet, PUT as pagePut } from '@/app/api/admin/pages/[slug]/route';
import { GET as pagesGet } from '@/app/api/admin/pages/route';
import { revisionListAnswer } from '@/lib/contracts/admin';
import {
  adminStaticPageSchema,
  STATIC_PAGE_SLUGS,
  staticPageListAnswer,
  staticPageRevisionAnswer,
  staticPageViewSchema,
} from '@/lib/contracts/static-pages';
import type { Database } from '@/server/db/client';
import { auditLog, staticPageRevisions, staticPages } from '@/server/db/schema';
import { readStaticPage } from '@/server/editorial-pages/reader-pages';
import { STATIC_PAGE_DEFAULTS } from '@/server/editorial-pages/static-page-defaults';
import { seedStaticPageRows } from '@/server/editorial-pages/static-pages';
import { forgetDatabaseForRoutes, useDatabaseForRoutes } from '../support/api';
import { type ContentChangeEar, listenToContentChanges } from '../support/content-changes';
import { createTestDatabase } from '../support/database';
import {
  type Caller,
  callAdmin,
  createTestApiKey,
  createTestStaff,
  type TestStaff,
} from '../support/newsroom';

/**
 * The editorial pages in the newsroom (issue 18 item 7) on both drivers: every call for every role, bad input,
 * revisions and restore, the audit log, and the content change each save announces at commit (what refreshes
 * every instance's cached pages, decision 016), with the reader's page showing the new text.
 */

let database: Database;
let journalist: TestStaff;
let editor: TestStaff;
let administrator: TestStaff;
let editorKey: Caller;
let ear: ContentChangeEar;

beforeAll(async () => {
  database = await createTestDatabase();
  useDatabaseForRoutes(database);
  [journalist, editor, administrator] = await Promise.all([
    createTestStaff(database.db, 'redacteur'),
    createTestStaff(database.db, 'editeur'),
    createTestStaff(database.db, 'administrateur'),
  ]);
  editorKey = { authorization: `Bearer ${await createTestApiKey(database.db, 'editeur')}` };
  // The seed's rows, except for the bookshop: a page without a row shows its original text.
  const seeded = seedStaticPageRows();
  await database.db.insert(staticPages).values(seeded.pages.filter((page) => page.slug !== 'librairie'));
  await database.db
    .insert(staticPageRevisions)
    .values(seeded.revisions.filter((revision) => revision.slug !== 'librairie'));

  ear = await listenToContentChanges(database);
});

afterAll(async () => {
  await ear?.stop();
  forgetDatabaseForRoutes();
  await database?.close();
});

const heardDuring = (action: () => Promise<unknown>) => ear.heardDuring(action);

const caller = (who: TestStaff | Caller | null): Caller | undefined => who ?? undefined;

function get(slug: string, who: TestStaff | Caller | null) {
  return callAdmin(pageGet, { path: `/api/admin/pages/${slug}`, caller: caller(who), params: { slug } });
}

function put(slug: string, who: TestStaff | Caller | null, body: unknown) {
  return callAdmin(pagePut, {
    path: `/api/admin/pages/${slug}`,
    method: 'PUT',
    caller: caller(who),
    body,
    params: { slug },
  });
}

function revisions(slug: string, who: TestStaff | Caller | null) {
  return callAdmin(revisionsGet, {
    path: `/api/admin/pages/${slug}/revisions`,
    caller: caller(who),
    params: { slug },
  });
}

function restore(slug: string, rev: number | string, who: TestStaff | Caller | null, body: unknown) {
  return callAdmin(restorePost, {
    path: `/api/admin/pages/${slug}/revisions/${rev}/restore`,
    method: 'POST',
    caller: caller(who),
    body,
    params: { slug, rev: String(rev) },
  });
}

function preview(slug: string, who: TestStaff | Caller | null, body: unknown) {
  return callAdmin(previewPost, {
    path: `/api/admin/pages/${slug}/preview`,
    method: 'POST',
    caller: caller(who),
    body,
    params: { slug },
  });
}

const fields = (text: string, extra: Record<string, unknown> = {}) => ({
  title: 'Conditions générales d’utilisation',
  lead: 'Les règles du site.',
  bodyHtml: `<h2>1. Objet</h2><p>${text}</p>`,
  updatedOn: '2026-11-26',
  ...extra,
});

describe('the editorial pages in the newsroom', () => {
  it('lists the six pages for every staff role, and nobody else', async () => {
    expect((await callAdmin(pagesGet, { path: '/api/admin/pages' })).status).toBe(401);
    expect(
      (await callAdmin(pagesGet, { path: '/api/admin/pages', caller: { cookie: 'quotidienne_session=x' } }))
        .status,
    ).toBe(401);
    for (const who of [journalist, editor, administrator, editorKey]) {
      const answer = await callAdmin(pagesGet, { path: '/api/admin/pages', caller: who });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('private, no-store');
      const list = staticPageListAnswer.parse(answer.body);
      expect(list.items.map((item) => item.slug)).toEqual([...STATIC_PAGE_SLUGS]);
      expect(list.items.find((item) => item.slug === 'cgu')).toMatchObject({ path: '/cgu', version: 1 });
      // No row: the original text, version 0.
      expect(list.items.find((item) => item.slug === 'librairie')).toMatchObject({
        path: '/librairie',
        version: 0,
        updatedAt: null,
      });
    }
  });

  it('reads a page for every staff role; an unknown page is a French 404', async () => {
    expect((await get('cgu', null)).status).toBe(401);
    for (const who of [journalist, editor, administrator]) {
      const answer = await get('confidentialite', who);
      expect(answer.status).toBe(200);
      const page = adminStaticPageSchema.parse(answer.body);
      expect(page.title).toBe('Données personnelles et cookies');
      expect(page.bodyHtml).toContain('<table>');
    }
    const unknown = await get('conditions', editor);
    expect(unknown.status).toBe(404);
    expect(JSON.stringify(unknown.body)).toContain('Page inconnue.');
    expect((await revisions('conditions', editor)).status).toBe(404);
    expect((await put('conditions', editor, { ...fields('x'), version: 0 })).status).toBe(404);
  });

  it('lets editors and administrators save, and refuses the journalist with 403', async () => {
    const before = adminStaticPageSchema.parse((await get('cgv', editor)).body);
    expect((await put('cgv', null, { ...fields('Anonyme'), version: before.version })).status).toBe(401);
    const refused = await put('cgv', journalist, { ...fields('Rédacteur'), version: before.version });
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).toContain('Votre rôle ne vous permet pas cette action.');
    expect((await restore('cgv', 1, journalist, { version: before.version })).status).toBe(403);

    const byEditor = await put('cgv', editor, { ...fields('Par l’éditeur'), version: before.version });
    expect(byEditor.status).toBe(200);
    const saved = adminStaticPageSchema.parse(byEditor.body);
    expect(saved).toMatchObject({ version: before.version + 1, updatedBy: { id: editor.id } });
    const byAdmin = await put('cgv', administrator, {
      ...fields('Par l’administrateur'),
      version: saved.version,
    });
    expect(byAdmin.status).toBe(200);
    const byKey = await put('cgv', editorKey, {
      ...fields('Par une clé'),
      version: adminStaticPageSchema.parse(byAdmin.body).version,
    });
    expect(byKey.status).toBe(200);
    expect(adminStaticPageSchema.parse(byKey.body).bodyHtml).toContain('Par une clé');
  });

  it('refuses bad input with French field errors, and writes nothing', async () => {
    const before = adminStaticPageSchema.parse((await get('mentions-legales', editor)).body);
    const cases: [unknown, string][] = [
      [{ ...fields('x', { title: '  ' }), version: before.version }, 'title'],
      [{ ...fields('x', { title: 'T'.repeat(201) }), version: before.version }, 'title'],
      [{ ...fields('x', { lead: 'L'.repeat(1001) }), version: before.version }, 'lead'],
      [{ ...fields('x', { updatedOn: '26/11/2026' }), version: before.version }, 'updatedOn'],
      [{ ...fields('x', { bodyHtml: 'x'.repeat(500_001) }), version: before.version }, 'bodyHtml'],
      [fields('x'), 'version'],
      [{ ...fields('x'), version: before.version, slug: 'cgu' }, ''],
    ];
    for (const [body, field] of cases) {
      const answer = await put('mentions-legales', editor, body);
      expect(answer.status, field).toBe(400);
      if (field) expect(JSON.stringify(answer.body), field).toContain(`"${field}"`);
    }
    const notJson = await callAdmin(pagePut, {
      path: '/api/admin/pages/cgu',
      method: 'PUT',
      caller: editor,
      params: { slug: 'cgu' },
    });
    expect(notJson.status).toBe(415);
    expect(adminStaticPageSchema.parse((await get('mentions-legales', editor)).body)).toEqual(before);
  });

  it('refuses a save from an older version with 409', async () => {
    const before = adminStaticPageSchema.parse((await get('qui-sommes-nous', editor)).body);
    expect(
      (await put('qui-sommes-nous', editor, { ...fields('Premier'), version: before.version })).status,
    ).toBe(200);
    const stale = await put('qui-sommes-nous', administrator, {
      ...fields('Second'),
      version: before.version,
    });
    expect(stale.status).toBe(409);
    expect(JSON.stringify(stale.body)).toContain('modifiée entre-temps');
  });

  it('sanitises the body on save and on render', async () => {
    const before = adminStaticPageSchema.parse((await get('cgu', editor)).body);
    const answer = await put('cgu', editor, {
      ...fields('Texte <script>alert(1)</script><a href="javascript:alert(1)">lien</a>', {
        bodyHtml:
          '<h1>Titre</h1><p onclick="x()">Texte<script>alert(1)</script> <a href="flash:id:A123">article</a></p>',
      }),
      version: before.version,
    });
    const saved = adminStaticPageSchema.parse(answer.body);
    expect(saved.bodyHtml).not.toMatch(/script|onclick|<h1/);
    // Kept for the editor, resolved for readers.
    expect(saved.bodyHtml).toContain('href="flash:id:A123"');
    const reader = await readStaticPage(database.db, 'cgu');
    expect(reader.bodyHtml).toContain('<h2>Titre</h2>');
    expect(reader.bodyHtml).toContain('href="/actualite/actu_A123"');
  });

  it('previews unsaved fields as readers would see them, saving nothing', async () => {
    const before = adminStaticPageSchema.parse((await get('cgu', editor)).body);
    expect((await preview('cgu', null, fields('x'))).status).toBe(401);
    const answer = await preview('cgu', journalist, fields('Aperçu <script>x</script>non enregistré'));
    expect(answer.status).toBe(200);
    const view = staticPageViewSchema.parse(answer.body);
    expect(view).toMatchObject({ title: 'Conditions générales d’utilisation', updated: '26 novembre 2026' });
    expect(view.bodyHtml).toBe('<h2>1. Objet</h2><p>Aperçu non enregistré</p>');
    expect((await preview('inconnue', editor, fields('x'))).status).toBe(404);
    expect((await preview('cgu', editor, { title: '' })).status).toBe(400);
    expect(adminStaticPageSchema.parse((await get('cgu', editor)).body)).toEqual(before);
  });

  it('keeps every save as a revision (who, when) and restores one as a new version, audited', async () => {
    const slug = 'confidentialite';
    let page = adminStaticPageSchema.parse((await get(slug, editor)).body);
    const original = page.bodyHtml;
    for (const text of ['Version A', 'Version B']) {
      page = adminStaticPageSchema.parse(
        (await put(slug, editor, { ...fields(text), version: page.version })).body,
      );
    }
    expect((await revisions(slug, null)).status).toBe(401);
    const history = revisionListAnswer.parse((await revisions(slug, journalist)).body).items;
    expect(
      history.map((revision) => [revision.number, revision.action, revision.createdBy?.id ?? null]),
    ).toEqual([
      [3, 'update', editor.id],
      [2, 'update', editor.id],
      [1, 'create', null],
    ]);

    const first = await callAdmin(revisionGet, {
      path: `/api/admin/pages/${slug}/revisions/1`,
      caller: journalist,
      params: { slug, rev: '1' },
    });
    expect(staticPageRevisionAnswer.parse(first.body).page.bodyHtml).toBe(original);
    const missing = await callAdmin(revisionGet, {
      path: `/api/admin/pages/${slug}/revisions/99`,
      caller: journalist,
      params: { slug, rev: '99' },
    });
    expect(missing.status).toBe(404);
    expect((await restore(slug, 99, editor, { version: page.version })).status).toBe(404);
    expect((await restore(slug, 1, editor, { version: page.version - 1 })).status).toBe(409);
    expect((await restore(slug, 1, editor, {})).status).toBe(400);

    const restored = await restore(slug, 1, administrator, { version: page.version });
    expect(restored.status).toBe(200);
    expect(adminStaticPageSchema.parse(restored.body)).toMatchObject({ version: 4, bodyHtml: original });
    const after = revisionListAnswer.parse((await revisions(slug, editor)).body).items;
    expect(after[0]).toMatchObject({ number: 4, action: 'restore', createdBy: { id: administrator.id } });

    const audit = await database.db
      .select({ action: auditLog.action, staffId: auditLog.staffId, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'page'), eq(auditLog.targetId, slug)))
      .orderBy(auditLog.id);
    expect(audit.map((entry) => [entry.action, entry.staffId])).toEqual([
      ['page.update', editor.id],
      ['page.update', editor.id],
      ['page.restore', administrator.id],
    ]);
    expect(audit[2]?.details).toMatchObject({ version: 4, restored: 1 });
  });

  it('creates the row of a page that had none at its first save', async () => {
    expect(revisionListAnswer.parse((await revisions('librairie', editor)).body).items).toEqual([]);
    expect((await readStaticPage(database.db, 'librairie')).title).toBe(STATIC_PAGE_DEFAULTS.librairie.title);
    const answer = await put('librairie', editor, {
      ...fields('Nos ouvrages', { title: 'La librairie des experts', updatedOn: null }),
      version: 0,
    });
    expect(answer.status).toBe(200);
    expect(adminStaticPageSchema.parse(answer.body)).toMatchObject({
      version: 1,
      title: 'La librairie des experts',
    });
    expect(revisionListAnswer.parse((await revisions('librairie', editor)).body).items).toMatchObject([
      { number: 1, action: 'create', createdBy: { id: editor.id } },
    ]);
    expect((await put('librairie', editor, { ...fields('Encore'), version: 0 })).status).toBe(409);
  });

  it('announces a content change at each save (the cached pages refresh) and the reader page shows it', async () => {
    const before = adminStaticPageSchema.parse((await get('cgu', editor)).body);
    const count = await heardDuring(() =>
      put('cgu', editor, {
        ...fields('Le texte que les lecteurs voient désormais'),
        version: before.version,
      }),
    );
    expect(count).toBe(1);
    const reader = await readStaticPage(database.db, 'cgu');
    expect(reader.bodyHtml).toContain('Le texte que les lecteurs voient désormais');
    expect(reader.updated).toBe('26 novembre 2026');
    // Refused writes announce nothing.
    expect(
      await heardDuring(() => put('cgu', journalist, { ...fields('Non'), version: before.version + 1 })),
    ).toBe(0);
    expect(
      await heardDuring(() => put('cgu', editor, { ...fields('Périmé'), version: before.version })),
    ).toBe(0);
    expect((await readStaticPage(database.db, 'cgu')).bodyHtml).not.toContain('Périmé');
  });
});
