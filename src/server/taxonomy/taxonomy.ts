import 'server-only';
import { and, asc, eq, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { NEWS_TOPICS, SIMULATOR_TOPICS } from '@/lib/constants';
import type {
  AdminTopic,
  AdminTrade,
  TaxonomyTermsAnswer,
  topicCreateBody,
  topicPatchBody,
  tradePatchBody,
} from '@/lib/contracts/taxonomy';
import { slugify } from '@/lib/slug';
import { TAXONOMY_CHANGE } from '../content/cache-tags';
import { refreshReaders } from '../content/readers';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';
import { topics, trades } from '../db/schema';
import { AppError } from '../http/errors';
import { recordPublicChange } from '../staff/audit';
import type { StaffPrincipal } from '../staff/auth';
import { refreshRedirects, replaceRedirectsInTransaction } from './redirects';

// The taxonomy edited in the newsroom. Articles carry copies of their topics' label and slug
// (the import's shape), so a rename rewrites them in the same transaction, published copies and newsroom drafts
// alike; a changed address (slug or parent) leaves a 301 from each old page address to the new one.

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type TopicRow = typeof topics.$inferSelect;
type TagRef = { label: string; slug: string; id: string; shortId: string };

const ID_PREFIX = 'EBX:EFL_Themes:';
/** Top-level topics whose slug is a route of the site: their slug never changes. */
const ROUTE_SLUGS: ReadonlySet<string> = new Set([...NEWS_TOPICS, ...SIMULATOR_TOPICS]);
const NEWS_ROOTS: ReadonlySet<string> = new Set(NEWS_TOPICS);
const SIMULATOR_ROOTS: ReadonlySet<string> = new Set(SIMULATOR_TOPICS);
/** Most descendants a change of parent walks through (the tree is a few hundred terms). */
const MAX_DEPTH = 20;

const isFixed = (row: Pick<TopicRow, 'parentId' | 'slug'>) =>
  row.parentId === null && ROUTE_SLUGS.has(row.slug);

/** The pages a thematic has: its root's news and simulator pages filtered by it. None for other terms. */
function pagePaths(rootSlug: string | null, slug: string): string[] {
  if (rootSlug === null) return [];
  return [
    ...(NEWS_ROOTS.has(rootSlug) ? [`/actualite/${rootSlug}/${slug}`] : []),
    ...(SIMULATOR_ROOTS.has(rootSlug) ? [`/simulateurs/${rootSlug}/${slug}`] : []),
  ];
}

async function topicById(db: Db | Tx, id: string): Promise<TopicRow | undefined> {
  const [row] = await db.select().from(topics).where(eq(topics.id, id));
  return row;
}

/** The slug of the root above a direct child of a root (the one level with pages), else null. */
async function pageRootSlug(db: Db | Tx, parentId: string | null): Promise<string | null> {
  if (parentId === null) return null;
  const parent = await topicById(db, parentId);
  return parent && parent.parentId === null ? parent.slug : null;
}

/** Articles (published or in the newsroom) using each topic. */
async function usage(db: Db | Tx, id?: string): Promise<Map<string, number>> {
  const filter = id ? sql`where topic_ids @> array[${id}]::text[]` : sql``;
  const rows = await queryRows<{ id: string; count: number }>(
    db,
    sql`
    select tag as id, count(distinct article_id)::int as count from (
      select unnest(topic_ids) as tag, id as article_id from articles ${filter}
      union all
      select unnest(topic_ids) as tag, id as article_id from newsroom_articles ${filter}
    ) used group by tag`,
  );
  return new Map(rows.map((row) => [row.id, row.count]));
}

function toAdminTopic(row: TopicRow, counts: Map<string, number>): AdminTopic {
  return {
    id: row.id,
    shortId: row.shortId,
    label: row.label,
    slug: row.slug,
    parentId: row.parentId,
    sortOrder: row.sortOrder,
    shortLabel: row.shortLabel,
    explanation: row.explanation,
    articleCount: counts.get(row.id) ?? 0,
    fixedSlug: isFixed(row),
  };
}

/** GET /api/admin/taxonomy/terms: the tree, parents before their children, each level in order. */
export async function listTerms(db: Db): Promise<TaxonomyTermsAnswer> {
  const [topicRows, tradeRows, counts] = await Promise.all([
    db.select().from(topics).orderBy(asc(topics.sortOrder), asc(topics.label)),
    db.select().from(trades).orderBy(asc(trades.sortOrder)),
    usage(db),
  ]);
  const children = new Map<string | null, TopicRow[]>();
  for (const row of topicRows) children.set(row.parentId, [...(children.get(row.parentId) ?? []), row]);
  const ordered: AdminTopic[] = [];
  const visit = (parentId: string | null) => {
    for (const row of children.get(parentId) ?? []) {
      ordered.push(toAdminTopic(row, counts));
      visit(row.id);
    }
  };
  visit(null);
  return {
    topics: ordered,
    trades: tradeRows.map(
      (row): AdminTrade => ({
        slug: row.slug,
        label: row.label,
        labelShort: row.labelShort,
        sortOrder: row.sortOrder,
      }),
    ),
  };
}

/** Rewrites the tag `id` in a jsonb tag list: its new label and slug, or (with `replacement`) another tag. */
function rewriteTags(column: SQL, id: string, replacement: TagRef): SQL {
  // Order kept, and a tag already present once the replacement is made appears once.
  return sql`coalesce((
    select jsonb_agg(kept.tag order by kept.position) from (
      select distinct on (coalesce(mapped.tag->>'id', mapped.position::text)) mapped.tag, mapped.position
      from (
        select case when item->>'id' = ${id} then ${JSON.stringify(replacement)}::jsonb else item end as tag,
          position
        from jsonb_array_elements(coalesce(${column}, '[]'::jsonb)) with ordinality as list(item, position)
      ) mapped
      order by coalesce(mapped.tag->>'id', mapped.position::text), mapped.position
    ) kept), '[]'::jsonb)`;
}

/** Every article (published copy and newsroom document) tagged `id` now carries `replacement` instead. */
async function retagArticles(tx: Tx, id: string, replacement: TagRef): Promise<void> {
  const tagged = sql`topic_ids @> array[${id}]::text[]`;
  const ids = sql`array(select distinct unnest(array_replace(topic_ids, ${id}, ${replacement.id})))`;
  await tx.execute(sql`update articles set
      topics = ${rewriteTags(sql`topics`, id, replacement)},
      thematics = ${rewriteTags(sql`thematics`, id, replacement)},
      topic_ids = ${ids}
    where ${tagged}`);
  await tx.execute(sql`update newsroom_articles set
      document = jsonb_set(jsonb_set(document,
        '{topics}', ${rewriteTags(sql`document->'topics'`, id, replacement)}),
        '{thematics}', ${rewriteTags(sql`document->'thematics'`, id, replacement)}),
      topic_ids = ${ids}
    where ${tagged}`);
}

const tagOf = (row: Pick<TopicRow, 'id' | 'label' | 'slug' | 'shortId'>): TagRef => ({
  label: row.label,
  slug: row.slug,
  id: row.id,
  shortId: row.shortId,
});

/** 409 when a sibling already has this slug (the thematic pages find a term by its slug under its root). */
async function checkSiblingSlug(tx: Tx, parentId: string | null, slug: string, except?: string) {
  const [clash] = await tx
    .select({ label: topics.label })
    .from(topics)
    .where(
      and(
        parentId === null ? isNull(topics.parentId) : eq(topics.parentId, parentId),
        eq(topics.slug, slug),
        except ? ne(topics.id, except) : undefined,
      ),
    );
  if (clash) throw new AppError('conflict', `Un thème voisin a déjà l’adresse « ${slug} » (${clash.label}).`);
}

function checkedSlug(label: string): string {
  const slug = slugify(label);
  if (!slug)
    throw new AppError('bad_request', 'Paramètres invalides.', [
      { field: 'label', message: 'ne donne aucune adresse' },
    ]);
  return slug;
}

async function afterChange(db: Db): Promise<void> {
  await refreshRedirects(db);
  await refreshReaders(TAXONOMY_CHANGE);
}

/** POST /api/admin/taxonomy/topics: id from the label (EBX:EFL_Themes:…), the next short id, the slug. */
export async function createTopic(
  db: Db,
  principal: StaffPrincipal,
  body: z.output<typeof topicCreateBody>,
): Promise<AdminTopic> {
  const slug = checkedSlug(body.label);
  const created = await db.transaction(async (tx) => {
    await tx.execute(sql`lock table topics in share row exclusive mode`);
    if (body.parentId !== null && !(await topicById(tx, body.parentId)))
      throw new AppError('bad_request', 'Paramètres invalides.', [
        { field: 'parentId', message: 'thème inconnu' },
      ]);
    await checkSiblingSlug(tx, body.parentId, slug);
    const name = slug
      .split('-')
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join('');
    let id = `${ID_PREFIX}${name}`;
    for (let suffix = 2; await topicById(tx, id); suffix += 1) id = `${ID_PREFIX}${name}${suffix}`;
    const [{ next } = { next: 1 }] = (await tx
      .select({ next: sql<number>`coalesce(max(substring(short_id from 2)::int), 0)::int + 1` })
      .from(topics)
      .where(sql`short_id ~ '^T[0-9]{1,9}$'`)) as { next: number }[];
    const [row] = await tx
      .insert(topics)
      .values({ id, shortId: `T${next}`, slug, ...body })
      .returning();
    if (!row) throw new Error('thème non créé');
    await recordPublicChange(
      tx,
      TAXONOMY_CHANGE,
      principal,
      'taxonomy.create',
      { type: 'topic', id },
      { label: body.label, parentId: body.parentId },
    );
    return row;
  });
  await afterChange(db);
  return toAdminTopic(created, new Map());
}

/** True when `candidate` is `id` or below it (a parent that would make a cycle). */
async function isWithin(tx: Tx, candidate: string, id: string): Promise<boolean> {
  let current: string | null = candidate;
  for (let depth = 0; current !== null && depth < MAX_DEPTH; depth += 1) {
    if (current === id) return true;
    current = (await topicById(tx, current))?.parentId ?? null;
  }
  return current !== null;
}

/**
 * PATCH /api/admin/taxonomy/topics/{id}: label (and the slug it gives, except for a route topic), parent, order,
 * short label, explanation. Articles' copies follow; each old page address answers 301 to the new one.
 */
export async function patchTopic(
  db: Db,
  principal: StaffPrincipal,
  id: string,
  body: z.output<typeof topicPatchBody>,
): Promise<AdminTopic> {
  const updated = await db.transaction(async (tx) => {
    await tx.execute(sql`lock table topics in share row exclusive mode`);
    const before = await topicById(tx, id);
    if (!before) throw new AppError('not_found', 'Thème introuvable.');
    const parentId = body.parentId === undefined ? before.parentId : body.parentId;
    if (parentId !== before.parentId) {
      if (isFixed(before))
        throw new AppError('conflict', 'Ce thème est une rubrique du site : il reste à la racine.');
      if (parentId !== null && !(await topicById(tx, parentId)))
        throw new AppError('bad_request', 'Paramètres invalides.', [
          { field: 'parentId', message: 'thème inconnu' },
        ]);
      if (parentId !== null && (await isWithin(tx, parentId, id)))
        throw new AppError('bad_request', 'Paramètres invalides.', [
          {
            field: 'parentId',
            message: 'un thème ne peut pas être rangé sous lui-même ni sous ses sous-thèmes',
          },
        ]);
    }
    const label = body.label ?? before.label;
    const slug = isFixed(before) ? before.slug : checkedSlug(label);
    if (slug !== before.slug || parentId !== before.parentId) await checkSiblingSlug(tx, parentId, slug, id);
    const [row] = await tx
      .update(topics)
      .set({
        label,
        slug,
        parentId,
        ...(body.sortOrder === undefined ? {} : { sortOrder: body.sortOrder }),
        ...(body.shortLabel === undefined ? {} : { shortLabel: body.shortLabel }),
        ...(body.explanation === undefined ? {} : { explanation: body.explanation }),
      })
      .where(eq(topics.id, id))
      .returning();
    if (!row) throw new AppError('not_found', 'Thème introuvable.');
    if (label !== before.label || slug !== before.slug) await retagArticles(tx, id, tagOf(row));
    const oldPaths = pagePaths(await pageRootSlug(tx, before.parentId), before.slug);
    const newPaths = pagePaths(await pageRootSlug(tx, parentId), slug);
    const moves = oldPaths.flatMap((fromPath, index) => {
      const toPath =
        newPaths.find((path) => path.split('/')[1] === fromPath.split('/')[1]) ?? newPaths[index];
      return toPath && toPath !== fromPath ? [{ fromPath, toPath, status: 301 as const }] : [];
    });
    if (moves.length > 0) await replaceRedirectsInTransaction(tx, principal, moves, newPaths);
    await recordPublicChange(
      tx,
      TAXONOMY_CHANGE,
      principal,
      'taxonomy.update',
      { type: 'topic', id },
      {
        ...(label !== before.label ? { label } : {}),
        ...(slug !== before.slug ? { slug, previousSlug: before.slug } : {}),
        ...(parentId !== before.parentId ? { parentId } : {}),
        redirects: moves.length,
      },
    );
    return row;
  });
  await afterChange(db);
  return toAdminTopic(updated, await usage(db, id));
}

/**
 * DELETE /api/admin/taxonomy/topics/{id}?moveTo=: refused while it has sub-topics; while articles use it, only
 * with `moveTo`, the topic they are moved to (its old page addresses then answer 301 to that topic's).
 */
export async function deleteTopic(
  db: Db,
  principal: StaffPrincipal,
  id: string,
  moveTo: string | undefined,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`lock table topics in share row exclusive mode`);
    const row = await topicById(tx, id);
    if (!row) throw new AppError('not_found', 'Thème introuvable.');
    if (isFixed(row))
      throw new AppError('conflict', 'Ce thème est une rubrique du site : il ne peut pas être supprimé.');
    const [child] = await tx.select({ id: topics.id }).from(topics).where(eq(topics.parentId, id)).limit(1);
    if (child)
      throw new AppError('conflict', 'Ce thème a des sous-thèmes : déplacez-les ou supprimez-les d’abord.');
    const used = (await usage(tx, id)).get(id) ?? 0;
    let target: TopicRow | undefined;
    if (moveTo !== undefined) {
      target = moveTo === id ? undefined : await topicById(tx, moveTo);
      if (!target)
        throw new AppError('bad_request', 'Paramètres invalides.', [
          { field: 'moveTo', message: 'thème inconnu ou identique' },
        ]);
    }
    if (used > 0 && !target) {
      throw new AppError(
        'conflict',
        `Ce thème est utilisé par ${used} article(s) : choisissez le thème vers lequel les déplacer.`,
      );
    }
    let moved = 0;
    if (target && used > 0) {
      await retagArticles(tx, id, tagOf(target));
      moved = used;
    }
    const oldPaths = pagePaths(await pageRootSlug(tx, row.parentId), row.slug);
    const newPaths = target ? pagePaths(await pageRootSlug(tx, target.parentId), target.slug) : [];
    const moves = oldPaths.flatMap((fromPath) => {
      const toPath = newPaths.find((path) => path.split('/')[1] === fromPath.split('/')[1]);
      return toPath ? [{ fromPath, toPath, status: 301 as const }] : [];
    });
    if (moves.length > 0) await replaceRedirectsInTransaction(tx, principal, moves, newPaths);
    await tx.delete(topics).where(eq(topics.id, id));
    await recordPublicChange(
      tx,
      TAXONOMY_CHANGE,
      principal,
      'taxonomy.delete',
      { type: 'topic', id },
      { label: row.label, ...(target ? { movedTo: target.id, articles: moved } : {}) },
    );
  });
  await afterChange(db);
}

/** PATCH /api/admin/taxonomy/trades/{slug}: label, short label, order (the slug is a route: fixed). */
export async function patchTrade(
  db: Db,
  principal: StaffPrincipal,
  slug: string,
  body: z.output<typeof tradePatchBody>,
): Promise<AdminTrade> {
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx.update(trades).set(body).where(eq(trades.slug, slug)).returning();
    if (!updated) throw new AppError('not_found', 'Métier introuvable.');
    await recordPublicChange(
      tx,
      TAXONOMY_CHANGE,
      principal,
      'taxonomy.update',
      { type: 'trade', id: slug },
      body,
    );
    return updated;
  });
  await refreshReaders(TAXONOMY_CHANGE);
  return { slug: row.slug, label: row.label, labelShort: row.labelShort, sortOrder: row.sortOrder };
}
