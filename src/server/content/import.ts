import 'server-only';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { articles } from '../db/schema';
import { syncNewsroomWithImport } from '../editorial/adoption';
import { articleFactsOf, tagsOfPublicArticles } from './article-change-tags';
import { type ArticleInput, type ArticleRows, parseArticleInput, toArticleRows } from './article-input';
import { tagsOfArticleChange } from './cache-tags';
import { announceContentChange } from './content-changes';
import {
  describeRefusal,
  releasePublicArticles,
  type Transaction,
  writePublicArticle,
} from './public-articles';

/** A line longer than this is refused before being parsed. */
const MAX_IMPORT_LINE_LENGTH = 16 * 1024 * 1024;

/** Statements that list ids stay well below PostgreSQL's limit of bound parameters. */
const ID_CHUNK = 1_000;

/** A refused line of an import file: its number (from 1, blank lines counted) and why, in French. */
type ImportIssue = { line: number; reason: string };

export type ImportOutcome =
  | { ok: true; inserted: number; updated: number }
  /** Nothing was written. */
  | { ok: false; issues: ImportIssue[] };

export type ImportOptions = {
  /** Called after each article written, with the count written so far and the total. */
  onProgress?: (written: number, total: number) => void;
};

type ParsedLine = { line: number; input: ArticleInput };

/** A constraint refused the rows of one line: aborts the transaction, then becomes an issue. */
class LineWriteError extends Error {
  constructor(readonly issue: ImportIssue) {
    super(`ligne ${issue.line} : ${issue.reason}`);
  }
}

/**
 * Imports articles from NDJSON lines, one article a line in the API's shape (see article-input.ts); blank lines
 * are skipped. Every line is checked first: if any is bad, every bad line is reported and nothing is written.
 * Otherwise all articles are upserted by id, and their sections replaced, in one transaction: a constraint
 * refusing one of them is reported against its line and rolls everything back.
 */
export async function importArticles(
  db: Db,
  lines: AsyncIterable<string> | Iterable<string>,
  options: ImportOptions = {},
): Promise<ImportOutcome> {
  const { parsed, issues } = await parseLines(lines);
  if (issues.length > 0) return { ok: false, issues };
  const entries = parsed.map(({ line, input }) => ({ line, rows: toArticleRows(input) }));
  try {
    const ids = entries.map((entry) => entry.rows.article.id);
    const updated = await db.transaction(async (tx) => {
      // The copies showing these articles as they were, and as they will be.
      const tags = [
        ...(await tagsOfPublicArticles(tx, ids)),
        ...tagsOfArticleChange(...entries.map((entry) => articleFactsOf(entry.rows.article))),
      ];
      const count = await writeArticles(tx, entries, options);
      // The newsroom's copies follow: the import is a new published version of each article.
      await syncNewsroomWithImport(
        tx,
        entries.map((entry) => entry.rows.article.id),
      );
      // Delivered at commit: running servers refresh their cached pages at once (content-changes.ts).
      await announceContentChange(tx, tags);
      return count;
    });
    return { ok: true, inserted: entries.length - updated, updated };
  } catch (error) {
    if (error instanceof LineWriteError) return { ok: false, issues: [error.issue] };
    throw error;
  }
}

async function parseLines(
  lines: AsyncIterable<string> | Iterable<string>,
): Promise<{ parsed: ParsedLine[]; issues: ImportIssue[] }> {
  const parsed: ParsedLine[] = [];
  const issues: ImportIssue[] = [];
  // Where each article id, enriched news id and section id was first seen: the same one twice in a file is an error.
  const articleIds = new Map<string, number>();
  const enrichedIds = new Map<string, number>();
  const sectionIds = new Map<string, number>();
  const claim = (seen: Map<string, number>, key: string, line: number, what: string) => {
    const first = seen.get(key);
    if (first === undefined) seen.set(key, line);
    else issues.push({ line, reason: `${what} « ${key} » déjà présent ligne ${first}` });
  };

  let line = 0;
  for await (const raw of lines) {
    line += 1;
    const text = (line === 1 ? raw.replace(/^\uFEFF/, '') : raw).trim();
    if (text === '') continue;
    if (text.length > MAX_IMPORT_LINE_LENGTH) {
      issues.push({ line, reason: `ligne trop longue (plus de ${MAX_IMPORT_LINE_LENGTH} caractères)` });
      continue;
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      issues.push({
        line,
        reason: `JSON invalide (${error instanceof Error ? error.message : String(error)})`,
      });
      continue;
    }
    const result = parseArticleInput(value);
    if (!result.success) {
      for (const reason of result.issues) issues.push({ line, reason });
      continue;
    }
    const input = result.data;
    claim(articleIds, input.id, line, 'identifiant');
    if (input.enriched_news_id) claim(enrichedIds, input.enriched_news_id, line, 'enriched_news_id');
    for (const section of input.sections) claim(sectionIds, section.id, line, 'identifiant de section');
    parsed.push({ line, input });
  }
  return { parsed, issues };
}

type Entry = { line: number; rows: ArticleRows };

/** Writes every article; answers how many already existed. */
async function writeArticles(tx: Transaction, entries: Entry[], options: ImportOptions): Promise<number> {
  const ids = entries.map((entry) => entry.rows.article.id);
  let existing = 0;
  for (let start = 0; start < ids.length; start += ID_CHUNK) {
    const chunk = ids.slice(start, start + ID_CHUNK);
    const found = await tx.select({ id: articles.id }).from(articles).where(inArray(articles.id, chunk));
    existing += found.length;
    await releasePublicArticles(tx, chunk);
  }

  let written = 0;
  for (const { line, rows } of entries) {
    try {
      await writePublicArticle(tx, rows);
    } catch (error) {
      const reason = describeRefusal(error, rows);
      if (reason === null) throw error;
      throw new LineWriteError({ line, reason });
    }
    written += 1;
    options.onProgress?.(written, entries.length);
  }
  return existing;
}
