import 'server-only';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { ARTICLE_FIELD_LABELS } from '@/lib/article-fields';
import type {
  ArticleDocument,
  RevisionAction,
  RevisionAnswer,
  RevisionDiffAnswer,
  RevisionSummary,
} from '@/lib/contracts/admin';
import { formatLongDate, formatLongDateTime } from '@/lib/dates';
import { htmlToPlainText } from '../content/sanitize';
import { blockDifferences, wordDifferences } from '../content/version-diff';
import type { Db } from '../db/client';
import { newsroomArticles, newsroomRevisions, staffMembers } from '../db/schema';
import { AppError } from '../http/errors';
import { ARTICLE_NOT_FOUND_MESSAGE } from './articles';

// Revisions: every version of an article kept whole; a readable comparison of any two (field by field, dates in
// French, rich texts block by block: version-diff.ts).

export const REVISION_NOT_FOUND_MESSAGE = 'Révision introuvable.';

type Row = {
  number: number;
  action: string;
  createdAt: Date;
  staffId: number | null;
  staffName: string | null;
  document: Record<string, unknown>;
};

/** A revision row with its author's name (left-joined: null for the system) and its title. */
export type RevisionSummaryRow = {
  number: number;
  action: string;
  createdAt: Date;
  staffId: number | null;
  staffName: string | null;
  title: string;
};

/** The API's summary of a revision, of an article or of an editorial page. */
export function revisionSummary(row: RevisionSummaryRow): RevisionSummary {
  return {
    number: row.number,
    action: row.action as RevisionAction,
    createdAt: row.createdAt.toISOString(),
    createdBy:
      row.staffId !== null && row.staffName !== null ? { id: row.staffId, name: row.staffName } : null,
    title: row.title,
  };
}

function summaryOf(row: Row): RevisionSummary {
  return revisionSummary({ ...row, title: String(row.document.title ?? '') });
}

async function assertArticle(db: Db, id: string): Promise<void> {
  const [found] = await db
    .select({ id: newsroomArticles.id })
    .from(newsroomArticles)
    .where(eq(newsroomArticles.id, id))
    .limit(1);
  if (!found) throw new AppError('not_found', ARTICLE_NOT_FOUND_MESSAGE);
}

/** What a revision's summary shows: its number, action, time and author (joined from staff_members). */
function summaryColumns() {
  return {
    number: newsroomRevisions.number,
    action: newsroomRevisions.action,
    createdAt: newsroomRevisions.createdAt,
    staffId: staffMembers.id,
    staffName: staffMembers.name,
  };
}

function revisionColumns() {
  return { ...summaryColumns(), document: newsroomRevisions.document };
}

/** Every revision of an article, newest first (summaries; the snapshots are read one at a time). */
export async function listRevisions(db: Db, id: string): Promise<{ items: RevisionSummary[] }> {
  await assertArticle(db, id);
  const rows = await db
    .select({ ...summaryColumns(), title: sql<string>`${newsroomRevisions.document}->>'title'` })
    .from(newsroomRevisions)
    .leftJoin(staffMembers, eq(staffMembers.id, newsroomRevisions.createdBy))
    .where(eq(newsroomRevisions.articleId, id))
    .orderBy(desc(newsroomRevisions.number));
  return { items: rows.map(revisionSummary) };
}

async function readRevisions(db: Db, id: string, numbers: number[]): Promise<Map<number, Row>> {
  const rows = await db
    .select(revisionColumns())
    .from(newsroomRevisions)
    .leftJoin(staffMembers, eq(staffMembers.id, newsroomRevisions.createdBy))
    .where(and(eq(newsroomRevisions.articleId, id), inArray(newsroomRevisions.number, numbers)));
  return new Map(rows.map((row) => [row.number, row]));
}

/** One revision with its full snapshot (the preview of a revision renders it). */
export async function getRevision(db: Db, id: string, number: number): Promise<RevisionAnswer> {
  await assertArticle(db, id);
  const row = (await readRevisions(db, id, [number])).get(number);
  if (!row) throw new AppError('not_found', REVISION_NOT_FOUND_MESSAGE);
  return { ...summaryOf(row), article: row.document as ArticleDocument };
}

/** The rich-text field of an article and of its sections: compared block by block too. */
const RICH_TEXT_FIELD = 'view';
/** The fields holding an instant or a day, shown as French dates in Paris time. */
const DATE_FIELDS = new Set(['publication_date', 'update_date', 'event_date']);

/** An instant as « 2 décembre 2026 à 10 h 05 » (Paris), a day as « 2 décembre 2026 »; anything else as it is. */
function readableDate(value: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatLongDate(`${value}T12:00:00Z`);
  return Number.isNaN(Date.parse(value)) ? value : formatLongDateTime(value);
}

/** A field's value as a person reads it: labels of tags, names of images, French dates, the text of HTML. */
function readable(field: string, value: unknown): string {
  if (value === undefined || value === null) return '';
  if (field === RICH_TEXT_FIELD && typeof value === 'string') return htmlToPlainText(value);
  if (DATE_FIELDS.has(field) && typeof value === 'string') return readableDate(value);
  if (typeof value === 'boolean') return value ? 'oui' : 'non';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    return value
      .map((item) => {
        if (typeof item !== 'object' || item === null) return String(item);
        const record = item as Record<string, unknown>;
        if (typeof record.label === 'string') return record.label;
        if (typeof record.href === 'string') {
          const alt = typeof record.alt === 'string' && record.alt ? ` (alt : ${record.alt})` : '';
          const legend = typeof record.legend === 'string' && record.legend ? ` – ${record.legend}` : '';
          return `${record.href}${alt}${legend}`;
        }
        if (typeof record.name === 'string' && typeof record.item === 'string') {
          return `${record.name} (${record.item})`;
        }
        return JSON.stringify(item);
      })
      .join('\n');
  }
  return Object.entries(value as Record<string, unknown>)
    .map(([key, item]) => `${key} : ${item === null ? '' : String(item)}`)
    .join('\n');
}

type Change = RevisionDiffAnswer['changes'][number];

function compareFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  fields: string[],
  prefix: string,
  labelPrefix: string,
): Change[] {
  const changes: Change[] = [];
  for (const field of fields) {
    const left = readable(field, before[field]);
    const right = readable(field, after[field]);
    if (left === right) continue;
    changes.push({
      field: `${prefix}${field}`,
      label: `${labelPrefix}${ARTICLE_FIELD_LABELS[field] ?? field}`,
      parts: wordDifferences(left, right),
      ...(field === RICH_TEXT_FIELD
        ? { blocks: blockDifferences(String(before[field] ?? ''), String(after[field] ?? '')) }
        : {}),
    });
  }
  return changes;
}

/** The fields compared between two revisions, in the order the comparison lists them (sections come after). */
const ARTICLE_FIELDS = [
  'title',
  'summary',
  'type',
  'slug',
  'topics',
  'thematics',
  'trades',
  'format',
  'author',
  'author_function',
  'source',
  'publication_date',
  'update_date',
  'enriched_news_id',
  'event_date',
  'simulator_url',
  'paywalled',
  'images',
  'attachments',
  'additionalProperties',
  'view',
];
const SECTION_FIELDS = [
  'title',
  'summary',
  'section_type',
  'publication_date',
  'topics',
  'thematics',
  'images',
  'view',
];

/** The differences from revision `from` to revision `to`: each changed field, then each section, by position. */
export async function diffRevisions(
  db: Db,
  id: string,
  from: number,
  to: number,
): Promise<RevisionDiffAnswer> {
  await assertArticle(db, id);
  const rows = await readRevisions(db, id, [from, to]);
  const older = rows.get(from);
  const newer = rows.get(to);
  if (!older || !newer) throw new AppError('not_found', REVISION_NOT_FOUND_MESSAGE);
  const before = older.document;
  const after = newer.document;
  const changes = compareFields(before, after, ARTICLE_FIELDS, '', '');
  const beforeSections = (before.sections ?? []) as Record<string, unknown>[];
  const afterSections = (after.sections ?? []) as Record<string, unknown>[];
  const count = Math.max(beforeSections.length, afterSections.length);
  for (let index = 0; index < count; index += 1) {
    changes.push(
      ...compareFields(
        beforeSections[index] ?? {},
        afterSections[index] ?? {},
        SECTION_FIELDS,
        `sections[${index}].`,
        `Section ${index + 1} : `,
      ),
    );
  }
  return { from: summaryOf(older), to: summaryOf(newer), changes };
}
