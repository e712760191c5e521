import 'server-only';
import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { SEARCH_CHANGE } from '../content/cache-tags';
import { announceContentChange } from '../content/content-changes';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';
import { env } from '../env';

/**
 * Which frequent searches are offered as suggestions (docs/SEARCH.md "Suggestions"). A search that found
 * something is suggested to every reader only when at least SEARCH_SUGGESTION_MIN_CLIENTS distinct client
 * addresses made it in the last SUGGESTION_CLIENT_DAYS days, when it is at most SUGGESTION_MAX_CHARS characters
 * long, holds no search operator, and contains no word or phrase of the administrators' blocklist. Anything else
 * is counted (search_queries) but never shown: one reader repeating a term (an advertiser's phone number, a
 * string of `or`) can no longer put it in front of everybody.
 */

const SUGGESTION_CLIENT_DAYS = 7;
const SUGGESTION_MAX_CHARS = 60;

/**
 * A client as stored: a hash of its address (the address itself is never kept). Null for an unknown address,
 * which is never counted as a distinct reader.
 */
export function clientKey(address: string | undefined): string | null {
  if (!address || address === 'unknown') return null;
  return createHash('sha256').update(`search-client\u0000${address}`).digest('base64url').slice(0, 22);
}

/** The rule on a search_queries row `q`, in SQL. */
function suggestable(q: SQL): SQL {
  return sql`char_length(${q}.term) <= ${SUGGESTION_MAX_CHARS}
    and ${q}.term !~* '(^|\\s)or(\\s|$)|(^|\\s)-\\S|["&|!():*<>\\\\]'
    and not exists (
      select 1 from search_blocklist b where ' ' || ${q}.normalized || ' ' like '% ' || b.normalized || ' %')
    and (select count(*) from search_query_clients c
      where c.normalized = ${q}.normalized
        and c.last_searched_at > now() - make_interval(days => ${SUGGESTION_CLIENT_DAYS})) >= ${env().SEARCH_SUGGESTION_MIN_CLIENTS}`;
}

/**
 * Brings the frequent-search suggestions in line with the rule: the given terms (just counted) that now pass it
 * are offered (weighted by hits), the offered ones that no longer do (fewer readers lately, blocklisted) leave,
 * and the clients older than the rule's window are forgotten. Bounded by the terms counted and the suggestions
 * offered, never a scan of every search ever made.
 */
export async function syncFrequentSuggestions(db: Db, normalizedTerms: readonly string[]): Promise<void> {
  await db.execute(sql`with
    forgotten as (
      delete from search_query_clients
      where last_searched_at <= now() - make_interval(days => ${SUGGESTION_CLIENT_DAYS})
    ),
    leaving as (
      delete from search_suggestions s where s.source = 1 and not exists (
        select 1 from search_queries q where q.normalized = s.normalized and ${suggestable(sql`q`)})
    )
    insert into search_suggestions as s (source, normalized, value, weight)
    select 1, q.normalized, q.term, q.hits from search_queries q
    where q.normalized = any(${sql.param([...normalizedTerms])}::text[]) and ${suggestable(sql`q`)}
    on conflict (source, normalized) do update set value = excluded.value, weight = excluded.weight`);
}

/** The blocklist, normalised and sorted. */
export async function getSearchBlocklist(db: Db): Promise<string[]> {
  const rows = await queryRows<{ normalized: string }>(
    db,
    sql`select normalized from search_blocklist order by normalized`,
  );
  return rows.map((row) => row.normalized);
}

/**
 * Replaces the blocklist (entries normalised like the suggestions: case and accents ignored) and withdraws at once
 * the frequent-search suggestions it now blocks. One statement: the list and the suggestions change together. The
 * change is announced like a content change (every instance empties its caches, where the suggestions' answers
 * are kept as long as an ISR page: docs/decisions/055); on PGlite the caller refreshes its own (`refreshReaders`).
 */
export async function setSearchBlocklist(db: Db, entries: readonly string[]): Promise<string[]> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from search_blocklist`);
    await tx.execute(sql`insert into search_blocklist (normalized)
      select distinct search_normalize(e) from unnest(${sql.param([...entries])}::text[]) e
      where search_normalize(e) <> ''
      on conflict do nothing`);
    await syncFrequentSuggestions(tx, []);
    await announceContentChange(tx, SEARCH_CHANGE);
  });
  return getSearchBlocklist(db);
}
