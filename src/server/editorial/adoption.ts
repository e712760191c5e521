import 'server-only';
import { sql } from 'drizzle-orm';
import { textArray } from '../content/sql-arrays';
import type { Db } from '../db/client';

// The newsroom's copies of articles written elsewhere (the NDJSON import, the demo seed). SQL functions of
// migration 0006 build the document from the public rows (newsroom_document, the inverse of toArticleRows).

type Executor = Pick<Db, 'execute'>;

/** Gives the newsroom every public article it has no copy of, as published version 1. Answers how many. */
export async function adoptPublicArticles(db: Executor): Promise<number> {
  const result = (await db.execute(sql`select newsroom_adopt_public_articles() as adopted`)) as {
    rows: { adopted: number }[];
  };
  return result.rows[0]?.adopted ?? 0;
}

/**
 * After an import: each imported article the newsroom already had becomes a new published version (the
 * previous one kept as a revision), and the new ones are adopted. In the import's transaction.
 */
export async function syncNewsroomWithImport(db: Executor, ids: string[]): Promise<void> {
  for (let start = 0; start < ids.length; start += ID_CHUNK) {
    await syncChunk(db, ids.slice(start, start + ID_CHUNK));
  }
  await adoptPublicArticles(db);
}

/** Statements listing ids stay well below PostgreSQL's limit of bound parameters. */
const ID_CHUNK = 1_000;

async function syncChunk(db: Executor, ids: string[]): Promise<void> {
  const list = textArray(ids);
  await db.execute(sql`with previous as (
      insert into newsroom_revisions (article_id, number, action, document, created_by, created_at)
      select n.id, n.version, 'import', n.document, n.updated_by, n.updated_at from newsroom_articles n
      where n.id = any(${list})
        and not exists (select 1 from newsroom_revisions r where r.article_id = n.id and r.number = n.version)
    ), updated as (
      update newsroom_articles n set document = newsroom_document(a), version = n.version + 1,
        published_version = n.version + 1, status = 'published', scheduled_at = null, type = a.type,
        title = a.title, slug = a.slug, enriched_news_id = a.enriched_news_id, author = a.author,
        topic_ids = a.topic_ids, publication_date = a.publication_date, updated_at = now(), updated_by = null
      from articles a where a.id = n.id and n.id = any(${list})
      returning n.id, n.version, n.document
    )
    insert into newsroom_revisions (article_id, number, action, document)
    select id, version, 'import', document from updated`);
}
