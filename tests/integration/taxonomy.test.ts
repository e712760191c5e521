import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as articleCreate } from '@/app/api/admin/articles/route';
import { GET as termsGet } from '@/app/api/admin/taxonomy/terms/route';
import { DELETE as topicDelete, PATCH as topicPatch } from '@/app/api/admin/taxonomy/topics/[id]/route';
import { POST as topicCreate } from '@/app/api/admin/taxonomy/topics/route';
import { PATCH as tradePatch } from '@/app/api/admin/taxonomy/trades/[slug]/route';
import { adminArticleSchema } from '@/lib/contracts/admin';
import { adminTopicSchema, taxonomyTermsAnswer } from '@/lib/contracts/taxonomy';
import type { Database } from '@/server/db/client';
import { articles, auditLog, newsroomArticles, topics, trades } from '@/server/db/schema';
import { findRedirect } from '@/server/taxonomy/redirects';
import { forgetDatabaseForRoutes, useDatabaseForRoutes } from '../support/api';
import { createTestDatabase } from '../support/database';
import { articleBody, callAdmin, createTestStaff, type TestStaff } from '../support/newsroom';

let database: Database;
let journalist: TestStaff;
let editor: TestStaff;
let draftId: string;

const ref = (name: string, slug: string, shortId: string, label = name) => ({
  id: `EBX:EFL_Themes:${name}`,
  label,
  slug,
  shortId,
});
const FISCAL = ref('Fiscal', 'fiscal', 'T1');
const SOCIAL = ref('Social', 'social', 'T2');
const TVA = ref('Tva', 'tva', 'T3', 'TVA');
const IS = ref('ImpotSurLesSocietes', 'impot-societes', 'T4', 'Impôt sur les sociétés');

beforeAll(async () => {
  database = await createTestDatabase();
  useDatabaseForRoutes(database);
  [journalist, editor] = await Promise.all([
    createTestStaff(database.db, 'redacteur'),
    createTestStaff(database.db, 'editeur'),
  ]);
  await database.db.insert(topics).values([
    { ...FISCAL, parentId: null, sortOrder: 0 },
    { ...SOCIAL, parentId: null, sortOrder: 1 },
    { ...TVA, parentId: FISCAL.id, sortOrder: 0 },
    { ...IS, parentId: FISCAL.id, sortOrder: 1 },
  ]);
  await database.db.insert(trades).values({
    id: 'EBX:EFL_Metiers:Fiscal',
    shortId: 'M1',
    label: 'Fiscal',
    labelShort: 'Fiscal',
    slug: 'fiscal',
  });
  // A published article tagged TVA (and IS), and a newsroom draft tagged TVA.
  await database.db.insert(articles).values({
    id: 'A1',
    type: 'actualite',
    slug: 'taux-de-tva',
    title: 'Les taux de TVA',
    publicationDate: new Date('2026-11-20T08:00:00Z'),
    topics: [FISCAL],
    thematics: [TVA, IS],
    topicIds: [FISCAL.id, TVA.id, IS.id],
  });
  const draft = await callAdmin(articleCreate, {
    path: '/api/admin/articles',
    method: 'POST',
    caller: journalist,
    body: articleBody({ topics: [FISCAL], thematics: [TVA] }),
  });
  expect(draft.status).toBe(201);
  draftId = adminArticleSchema.parse(draft.body).id;
});

afterAll(async () => {
  forgetDatabaseForRoutes();
  await database?.close();
});

const terms = async (by: TestStaff = editor) =>
  taxonomyTermsAnswer.parse(
    (await callAdmin(termsGet, { path: '/api/admin/taxonomy/terms', caller: by })).body,
  );
const create = (by: TestStaff | null, body: unknown) =>
  callAdmin(topicCreate, {
    path: '/api/admin/taxonomy/topics',
    method: 'POST',
    caller: by ?? undefined,
    body,
  });
const patch = (id: string, body: unknown, by: TestStaff = editor) =>
  callAdmin(topicPatch, {
    path: `/api/admin/taxonomy/topics/${encodeURIComponent(id)}`,
    method: 'PATCH',
    caller: by,
    body,
    params: { id },
  });
const remove = (id: string, moveTo?: string) =>
  callAdmin(topicDelete, {
    path: `/api/admin/taxonomy/topics/${encodeURIComponent(id)}`,
    method: 'DELETE',
    caller: editor,
    params: { id },
    ...(moveTo ? { query: { moveTo } } : {}),
  });

async function articleTags(id: string) {
  const [row] = await database.db.select().from(articles).where(eq(articles.id, id));
  return { thematics: row?.thematics, topicIds: row?.topicIds };
}
async function draftThematics() {
  const [row] = await database.db.select().from(newsroomArticles).where(eq(newsroomArticles.id, draftId));
  return { thematics: row?.document.thematics, topicIds: row?.topicIds };
}

describe('the taxonomy in the newsroom', () => {
  it('checks roles: 401 without a session, redacteurs read the tree but do not change it', async () => {
    expect((await callAdmin(termsGet, { path: '/api/admin/taxonomy/terms' })).status).toBe(401);
    const tree = await terms(journalist);
    expect(tree.topics.map((topic) => [topic.id, topic.articleCount, topic.fixedSlug])).toEqual([
      [FISCAL.id, 2, true],
      [TVA.id, 2, false],
      [IS.id, 1, false],
      [SOCIAL.id, 0, true],
    ]);
    expect((await create(null, { label: 'X', parentId: null })).status).toBe(401);
    expect((await create(journalist, { label: 'X', parentId: null })).status).toBe(403);
    expect((await patch(TVA.id, { label: 'X' }, journalist)).status).toBe(403);
  });

  it('creates a thematic with the spec slug, a derived id and the next short id; refuses clashes and bad input', async () => {
    const answer = await create(editor, {
      label: 'Crédits d’impôt (CI) & RechercheInnovation',
      parentId: FISCAL.id,
      sortOrder: 2,
      shortLabel: 'Crédits',
      explanation: 'Les crédits d’impôt des entreprises.',
    });
    expect(answer.status).toBe(201);
    const created = adminTopicSchema.parse(answer.body);
    expect(created).toMatchObject({
      slug: 'credits-impot-and-recherche-innovation',
      id: 'EBX:EFL_Themes:CreditsImpotAndRechercheInnovation',
      shortId: 'T5',
      parentId: FISCAL.id,
      shortLabel: 'Crédits',
    });
    expect(
      (await create(editor, { label: 'Crédits d’impôt & Recherche Innovation', parentId: FISCAL.id })).status,
    ).toBe(409);
    const unknown = await create(editor, { label: 'Orphelin', parentId: 'EBX:EFL_Themes:Inconnu' });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('parentId');
    expect((await create(editor, { label: ' ', parentId: null })).status).toBe(400);
    expect((await create(editor, { label: 'x'.repeat(201), parentId: null })).status).toBe(400);
    expect((await create(editor, { label: 'Le la les', parentId: null })).status).toBe(400);
  });

  it('renames a thematic: articles and drafts follow, the old addresses answer 301, renaming back works', async () => {
    const answer = await patch(TVA.id, { label: 'TVA intracommunautaire' });
    expect(answer.status).toBe(200);
    expect(adminTopicSchema.parse(answer.body)).toMatchObject({
      slug: 'tva-intracommunautaire',
      articleCount: 2,
    });
    const renamed = { ...TVA, label: 'TVA intracommunautaire', slug: 'tva-intracommunautaire' };
    expect((await articleTags('A1')).thematics).toEqual([renamed, IS]);
    expect((await draftThematics()).thematics).toEqual([renamed]);
    expect(findRedirect('/actualite/fiscal/tva')).toEqual({
      status: 301,
      toPath: '/actualite/fiscal/tva-intracommunautaire',
    });
    expect(findRedirect('/simulateurs/fiscal/tva')).toEqual({
      status: 301,
      toPath: '/simulateurs/fiscal/tva-intracommunautaire',
    });

    // Back to the first name: the first address is a page again, the second one redirects to it.
    expect((await patch(TVA.id, { label: 'TVA' })).status).toBe(200);
    expect(findRedirect('/actualite/fiscal/tva')).toBeUndefined();
    expect(findRedirect('/actualite/fiscal/tva-intracommunautaire')).toEqual({
      status: 301,
      toPath: '/actualite/fiscal/tva',
    });
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.targetId, TVA.id));
    expect(audit.map((entry) => entry.action)).toEqual(['taxonomy.update', 'taxonomy.update']);
  });

  it('keeps the slug of a route topic, and refuses moving it, a cycle, or deleting it', async () => {
    const fiscal = adminTopicSchema.parse((await patch(FISCAL.id, { label: 'Fiscalité' })).body);
    expect(fiscal).toMatchObject({ label: 'Fiscalité', slug: 'fiscal', fixedSlug: true });
    expect((await articleTags('A1')).topicIds).toContain(FISCAL.id);
    expect((await patch(FISCAL.id, { parentId: SOCIAL.id })).status).toBe(409);
    const cycle = await patch(TVA.id, { parentId: TVA.id });
    expect(cycle.status).toBe(400);
    expect(JSON.stringify(cycle.body)).toContain('parentId');
    expect((await remove(FISCAL.id)).status).toBe(409);
  });

  it('moves a thematic to another root: its addresses follow with a 301', async () => {
    expect((await patch(IS.id, { parentId: SOCIAL.id, sortOrder: 5 })).status).toBe(200);
    expect(findRedirect('/actualite/fiscal/impot-societes')).toEqual({
      status: 301,
      toPath: '/actualite/social/impot-societes',
    });
    expect((await patch(IS.id, { parentId: FISCAL.id })).status).toBe(200);
  });

  it('deletes a term in use only by moving its articles, then its address leads to the new one', async () => {
    const refused = await remove(TVA.id);
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.body)).toContain('utilisé par 2 article(s)');
    expect((await remove(TVA.id, TVA.id)).status).toBe(400);

    expect((await remove(TVA.id, IS.id)).status).toBe(204);
    // A1 had both: IS once, in its place; the draft's TVA became IS.
    expect(await articleTags('A1')).toEqual({ thematics: [IS], topicIds: [FISCAL.id, IS.id] });
    expect(await draftThematics()).toEqual({ thematics: [IS], topicIds: [FISCAL.id, IS.id] });
    expect(findRedirect('/actualite/fiscal/tva')).toEqual({
      status: 301,
      toPath: '/actualite/fiscal/impot-societes',
    });
    expect((await terms()).topics.map((topic) => topic.id)).not.toContain(TVA.id);

    const unused = (await terms()).topics.find(
      (topic) => topic.slug === 'credits-impot-and-recherche-innovation',
    );
    expect((await remove(unused?.id ?? '')).status).toBe(204);
  });

  it('edits a trade’s labels and order, not its slug', async () => {
    const answer = await callAdmin(tradePatch, {
      path: '/api/admin/taxonomy/trades/fiscal',
      method: 'PATCH',
      caller: editor,
      body: { label: 'Fiscaliste', labelShort: 'Fisc.', sortOrder: 3 },
      params: { slug: 'fiscal' },
    });
    expect(answer.status).toBe(200);
    expect((await terms()).trades).toEqual([
      { slug: 'fiscal', label: 'Fiscaliste', labelShort: 'Fisc.', sortOrder: 3 },
    ]);
    const slug = await callAdmin(tradePatch, {
      path: '/api/admin/taxonomy/trades/fiscal',
      method: 'PATCH',
      caller: editor,
      body: { slug: 'autre' },
      params: { slug: 'fiscal' },
    });
    expect(slug.status).toBe(400);
    const unknown = await callAdmin(tradePatch, {
      path: '/api/admin/taxonomy/trades/inconnu',
      method: 'PATCH',
      caller: editor,
      body: { label: 'X' },
      params: { slug: 'inconnu' },
    });
    expect(unknown.status).toBe(404);
  });
});
