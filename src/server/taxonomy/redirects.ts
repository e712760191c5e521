import 'server-only';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse } from 'csv-parse/sync';
import { asc, count, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  fromPathSchema,
  REDIRECT_LIMITS,
  type Redirect,
  type RedirectCreateBody,
  type RedirectListAnswer,
  type redirectListQuery,
  redirectStatusSchema,
  toPathSchema,
} from '@/lib/contracts/redirects';
import { REDIRECTS_CHANGE } from '../content/cache-tags';
import { announceContentChange, requestOwnRevalidation } from '../content/content-changes';
import { type Db, getDatabase } from '../db/client';
import { redirects } from '../db/schema';
import { env } from '../env';
import { AppError } from '../http/errors';
import { serveGonePage } from '../http/gone-page';
import { rememberBox } from '../lib/remember';
import { recordAudit, recordPublicChange } from '../staff/audit';
import type { StaffPrincipal } from '../staff/auth';

// Redirects of old addresses: moved (301) or gone (410). The HTTP hook answers them before the
// page cache and Next.js, from a table kept in memory: loaded at start, reloaded after each change here and on
// every content change (`/api/revalidate`, which the NOTIFY of content-changes.ts reaches on every instance).
// A lookup is one Map read; nothing touches the database per request.

type Target = { status: 301 | 410; toPath: string | null };

const redirectTable = rememberBox<ReadonlyMap<string, Target> | undefined>('taxonomy.redirects', undefined);

/** Longest chain of redirects accepted (old → … → final): past it, a mistake is likelier than a plan. */
const MAX_CHAIN = 10;

/** The audit log's target of an import, which adds or replaces many redirects at once. */
const IMPORT_TARGET = { type: 'redirect', id: 'import' } as const;

/** "/a/b/" and "/a/b" are one address; the root stays "/". */
function normalizePath(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.replace(/\/+$/, '') || '/' : path;
}

/**
 * An old address as stored: percent-escapes decoded (requests are matched decoded, so `/a%20b` and `/a b` are
 * one address) and normalised; null when its escapes are malformed.
 */
function storedPath(path: string): string | null {
  try {
    return normalizePath(decodeURIComponent(path));
  } catch {
    return null;
  }
}

/** The path a redirect leads to on this site, or null for another host. */
function sitePathOf(toPath: string): string | null {
  if (!toPath.startsWith('/')) return null;
  return normalizePath(toPath.split(/[?#]/, 1)[0] ?? toPath);
}

export async function refreshRedirects(db: Pick<Db, 'select'>): Promise<void> {
  const rows = await db.select().from(redirects);
  redirectTable.value = new Map(
    rows.map((row) => [row.fromPath, { status: row.status as 301 | 410, toPath: row.toPath }]),
  );
}

/** The redirect of a (decoded, normalised) path, if any. */
export function findRedirect(pathname: string): Target | undefined {
  const table = redirectTable.value;
  return table && table.size > 0 ? table.get(normalizePath(pathname)) : undefined;
}

/**
 * Answers a redirected address (GET and HEAD) before the page cache; a gone one becomes the site's 410 page, which
 * Next.js renders (false, as for any other address).
 */
export function answerRedirect(request: IncomingMessage, response: ServerResponse): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const table = redirectTable.value;
  if (!table || table.size === 0) return false;
  const url = request.url ?? '/';
  const queryStart = url.indexOf('?');
  const rawPath = queryStart === -1 ? url : url.slice(0, queryStart);
  let pathname: string;
  try {
    pathname = decodeURIComponent(rawPath);
  } catch {
    return false;
  }
  const target = table.get(normalizePath(pathname));
  if (!target) return false;
  if (target.status === 410 || !target.toPath) {
    // Next.js renders the site's 410 page in its place: not answered here.
    serveGonePage(request, response);
    return false;
  }
  // The visitor's query string follows them unless the new address has its own.
  const query = queryStart === -1 ? '' : url.slice(queryStart);
  const location = target.toPath.includes('?') ? target.toPath : `${target.toPath}${query}`;
  response.writeHead(301, { Location: encodeURI(location), 'Cache-Control': 'public, max-age=300' });
  response.end();
  return true;
}

// ---------------------------------------------------------------------------------------------------------
// Administration

function toRedirect(row: typeof redirects.$inferSelect): Redirect {
  return {
    fromPath: row.fromPath,
    toPath: row.toPath,
    status: row.status as 301 | 410,
    createdAt: row.createdAt.toISOString(),
  };
}

const PER_PAGE = 50;

/** GET /api/admin/redirects: by old address, filtered by words of either address. */
export async function listRedirects(
  db: Db,
  query: z.output<typeof redirectListQuery>,
): Promise<RedirectListAnswer> {
  const where = query.q
    ? sql`(${ilike(redirects.fromPath, `%${query.q}%`)} or ${ilike(redirects.toPath, `%${query.q}%`)})`
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(redirects)
      .where(where)
      .orderBy(asc(redirects.fromPath))
      .limit(PER_PAGE)
      .offset((query.page - 1) * PER_PAGE),
    db.select({ value: count() }).from(redirects).where(where),
  ]);
  const totalCount = total?.value ?? 0;
  return {
    items: rows.map(toRedirect),
    total: totalCount,
    page: query.page,
    pageCount: Math.ceil(totalCount / PER_PAGE),
  };
}

type Entry = { fromPath: string; toPath: string | null; status: 301 | 410 };

/**
 * The first problem of a set of redirects once `entries` are added to `existing`: a redirect to itself, a loop
 * (a → b → a), or a chain longer than MAX_CHAIN. Null when every chain ends.
 */
function findLoop(
  existing: ReadonlyMap<string, Target>,
  entries: Entry[],
): { fromPath: string; message: string } | null {
  const table = new Map(existing);
  for (const entry of entries) table.set(entry.fromPath, { status: entry.status, toPath: entry.toPath });
  for (const entry of entries) {
    const seen = new Set([entry.fromPath]);
    let current = entry.toPath ? sitePathOf(entry.toPath) : null;
    for (let hops = 1; current !== null; hops += 1) {
      if (seen.has(current)) {
        return {
          fromPath: entry.fromPath,
          message:
            current === entry.fromPath && hops === 1
              ? 'redirige vers elle-même'
              : `boucle de redirections : ${[...seen, current].join(' → ')}`,
        };
      }
      if (hops > MAX_CHAIN)
        return { fromPath: entry.fromPath, message: `chaîne de plus de ${MAX_CHAIN} redirections` };
      seen.add(current);
      const next = table.get(current);
      current = next?.toPath ? sitePathOf(next.toPath) : null;
    }
  }
  return null;
}

async function currentTable(db: Db): Promise<Map<string, Target>> {
  const rows = await db.select().from(redirects);
  return new Map(rows.map((row) => [row.fromPath, { status: row.status as 301 | 410, toPath: row.toPath }]));
}

/** After a change: this instance's table now, every instance's through the content-change announcement. */
async function afterChange(db: Db): Promise<void> {
  await refreshRedirects(db);
  const database = await getDatabase();
  if (database.driver === 'pglite') await requestOwnRevalidation(env().PORT, REDIRECTS_CHANGE);
}

/** POST /api/admin/redirects: 409 when the old address already has one, 400 for a loop. */
export async function createRedirect(
  db: Db,
  principal: StaffPrincipal,
  body: RedirectCreateBody,
): Promise<Redirect> {
  const fromPath = storedPath(body.fromPath);
  if (fromPath === null) {
    throw new AppError('bad_request', 'Paramètres invalides.', [
      { field: 'fromPath', message: 'encodage %XX invalide' },
    ]);
  }
  const entry: Entry = { fromPath, toPath: body.toPath ?? null, status: body.status };
  const created = await db.transaction(async (tx) => {
    await tx.execute(sql`lock table redirects in share row exclusive mode`);
    const loop = findLoop(await currentTable(tx), [entry]);
    if (loop)
      throw new AppError('bad_request', 'Redirection refusée.', [{ field: 'toPath', message: loop.message }]);
    const [row] = await tx
      .insert(redirects)
      .values({ ...entry, createdBy: principal.staffId })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError('conflict', 'Cette ancienne adresse a déjà une redirection.');
    await auditRedirectCreated(tx, principal, entry);
    await announceContentChange(tx, REDIRECTS_CHANGE);
    return row;
  });
  await afterChange(db);
  return toRedirect(created);
}

function auditRedirectCreated(tx: Db, principal: StaffPrincipal, entry: Entry): Promise<void> {
  return recordAudit(
    tx,
    principal,
    'redirect.create',
    { type: 'redirect', id: entry.fromPath },
    { toPath: entry.toPath, status: entry.status },
  );
}

/**
 * Redirects another change writes in its own transaction (a renamed or deleted taxonomy term): `livePaths`, pages
 * again, lose their redirects; then `entries` replace those of the same old addresses. 409 for a loop. The caller
 * refreshes the table after its commit (`refreshRedirects`).
 */
export async function replaceRedirectsInTransaction(
  tx: Db,
  principal: StaffPrincipal,
  entries: Entry[],
  livePaths: string[],
): Promise<void> {
  await tx.execute(sql`lock table redirects in share row exclusive mode`);
  if (livePaths.length > 0) await tx.delete(redirects).where(inArray(redirects.fromPath, livePaths));
  const loop = findLoop(await currentTable(tx), entries);
  if (loop) throw new AppError('conflict', `Redirection impossible : ${loop.message}.`);
  if (entries.length === 0) return;
  await tx.delete(redirects).where(
    inArray(
      redirects.fromPath,
      entries.map((entry) => entry.fromPath),
    ),
  );
  await tx.insert(redirects).values(entries.map((entry) => ({ ...entry, createdBy: principal.staffId })));
  for (const entry of entries) await auditRedirectCreated(tx, principal, entry);
}

/** DELETE /api/admin/redirects?fromPath=…: 404 when there is none. */
export async function deleteRedirect(db: Db, principal: StaffPrincipal, fromPath: string): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx
      .delete(redirects)
      .where(eq(redirects.fromPath, storedPath(fromPath) ?? fromPath))
      .returning({ fromPath: redirects.fromPath });
    if (rows.length === 0) throw new AppError('not_found', 'Aucune redirection pour cette adresse.');
    await recordPublicChange(tx, REDIRECTS_CHANGE, principal, 'redirect.delete', {
      type: 'redirect',
      id: storedPath(fromPath) ?? fromPath,
    });
  });
  await afterChange(db);
}

/** One CSV line as a redirect, or why it is refused. */
function checkLine(record: string[]): Entry | string {
  const [from = '', to = '', statusText = ''] = record;
  if (record.length > 3) return 'trop de colonnes (ancien,nouveau,statut)';
  const fromPath = fromPathSchema.safeParse(from);
  if (!fromPath.success) return `ancienne adresse : ${fromPath.error.issues[0]?.message}`;
  const status = redirectStatusSchema.safeParse(statusText === '' ? 301 : Number(statusText));
  if (!status.success) return 'statut : doit valoir 301 ou 410';
  const toPath = to === '' ? null : toPathSchema.safeParse(to);
  if (toPath && !toPath.success) return `nouvelle adresse : ${toPath.error.issues[0]?.message}`;
  if (status.data === 301 && !toPath) return 'nouvelle adresse obligatoire pour une redirection 301';
  if (status.data === 410 && toPath) return 'une adresse supprimée (410) n’a pas de nouvelle adresse';
  const stored = storedPath(fromPath.data);
  if (stored === null) return 'ancienne adresse : encodage %XX invalide';
  return { fromPath: stored, toPath: toPath ? toPath.data : null, status: status.data };
}

/**
 * POST /api/admin/redirects/import: CSV lines `ancien,nouveau,statut` (a header line naming them is skipped;
 * `statut` defaults to 301, and 410 leaves `nouveau` empty). Every line is checked first; if any is wrong, each
 * bad line is reported (400, `ligne N`) and nothing is written. Otherwise all lines are written in one
 * transaction, replacing the redirects of the same old addresses.
 */
export async function importRedirects(db: Db, principal: StaffPrincipal, csv: string): Promise<number> {
  let records: string[][];
  try {
    records = parse(csv, {
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      bom: true,
      max_record_size: 2_000,
    }) as string[][];
  } catch (error) {
    throw new AppError(
      'bad_request',
      `Fichier CSV illisible : ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (records.length > REDIRECT_LIMITS.importLines + 1) {
    throw new AppError('bad_request', `Au plus ${REDIRECT_LIMITS.importLines} lignes par import.`);
  }
  const header = records[0]?.map((cell) => cell.toLowerCase());
  const skipHeader = ['ancien', 'from', 'frompath'].includes(header?.[0] ?? '');
  const problems: { field: string; message: string }[] = [];
  const entries: Entry[] = [];
  const lineOf = new Map<string, number>();
  for (const [index, record] of records.entries()) {
    if (index === 0 && skipHeader) continue;
    const line = index + 1;
    const checked = checkLine(record);
    if (typeof checked === 'string') {
      problems.push({ field: `ligne ${line}`, message: checked });
      continue;
    }
    const earlier = lineOf.get(checked.fromPath);
    if (earlier !== undefined) {
      problems.push({ field: `ligne ${line}`, message: `ancienne adresse déjà à la ligne ${earlier}` });
      continue;
    }
    lineOf.set(checked.fromPath, line);
    entries.push(checked);
  }
  if (problems.length > 0) {
    throw new AppError(
      'bad_request',
      `${problems.length} ligne(s) refusée(s) : rien n’a été importé.`,
      problems.slice(0, 100),
    );
  }
  if (entries.length === 0) throw new AppError('bad_request', 'Le fichier ne contient aucune redirection.');

  await db.transaction(async (tx) => {
    await tx.execute(sql`lock table redirects in share row exclusive mode`);
    const existing = await currentTable(tx);
    const loop = findLoop(existing, entries);
    if (loop) {
      throw new AppError('bad_request', 'Boucle de redirections : rien n’a été importé.', [
        { field: `ligne ${lineOf.get(loop.fromPath)}`, message: loop.message },
      ]);
    }
    await tx.delete(redirects).where(
      inArray(
        redirects.fromPath,
        entries.map((entry) => entry.fromPath),
      ),
    );
    for (let start = 0; start < entries.length; start += 1_000) {
      await tx
        .insert(redirects)
        .values(
          entries.slice(start, start + 1_000).map((entry) => ({ ...entry, createdBy: principal.staffId })),
        );
    }
    await recordPublicChange(tx, REDIRECTS_CHANGE, principal, 'redirect.import', IMPORT_TARGET, {
      lines: entries.length,
    });
  });
  await afterChange(db);
  return entries.length;
}
