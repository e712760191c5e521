import { sql } from 'drizzle-orm';
import { closeDatabase, getDatabase } from '/work/wt-search/src/server/db/client';

const { db } = await getDatabase();
const start = Date.now();
await db.execute(
  sql`update articles set public_text = array_to_string((string_to_array(body_text, ' '))[1:24], ' ') where paywalled`,
);
await db.execute(sql`vacuum analyze articles`);
const rows = await db.execute(
  sql`select (select count(*) from search_suggestions where source = 1) as frequent, (select count(*) from search_queries) as queries, (select count(*) from articles where public_search_vector is not null) as gated`,
);
console.log(JSON.stringify((rows as { rows: unknown[] }).rows), Date.now() - start, 'ms');
await closeDatabase();
