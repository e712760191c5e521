import 'server-only';
import { and, asc, count, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import { roleAllows } from '@/lib/contracts/admin';
import type {
  ReviewNote,
  ReviewNoteBody,
  ReviewNotesAnswer,
  ReviewQueueAnswer,
} from '@/lib/contracts/review-newsroom';
import { NEWSROOM_PATH } from '@/lib/newsroom-paths';
import type { Db } from '../db/client';
import { newsroomArticles, reviewNotes, staffMembers } from '../db/schema';
import {
  ARTICLE_NOT_FOUND_MESSAGE,
  isOwnArticle,
  type NewsroomRow,
  type Transaction,
} from '../editorial/articles';
import { html } from '../email/html';
import { queueEmail } from '../email/outbox';
import { emailButton, emailParagraph, renderEmail } from '../email/render';
import { env } from '../env';
import { AppError } from '../http/errors';
import { recordAudit } from '../staff/audit';
import type { StaffPrincipal } from '../staff/auth';

// Review that talks: submitting an article tells the editors (an e-mail each, queued with the submission), and
// editors leave notes on it that its author reads (and is e-mailed about). Journalists see the notes of their
// own articles only; editors those of every article.

const NOTES_FORBIDDEN_MESSAGE = 'Vous ne pouvez voir que les notes de vos propres articles.';

/** The roles that review: they receive the submissions and see every article's notes. */
const REVIEWER_ROLES = ['editeur', 'administrateur'] as const;

const editUrl = (id: string) =>
  new URL(`${NEWSROOM_PATH}/articles/${encodeURIComponent(id)}`, env().SITE_URL).toString();

async function readArticle(tx: Transaction, id: string): Promise<NewsroomRow> {
  const [row] = await tx.select().from(newsroomArticles).where(eq(newsroomArticles.id, id)).limit(1);
  if (!row) throw new AppError('not_found', ARTICLE_NOT_FOUND_MESSAGE);
  return row;
}

/** Editors reach every article's notes; a journalist only their own article's (403 otherwise). */
async function assertCanReadNotes(
  tx: Transaction,
  principal: StaffPrincipal,
  row: NewsroomRow,
): Promise<void> {
  if (roleAllows(principal.role, 'article.editAny')) return;
  if (await isOwnArticle(tx, principal, row)) return;
  throw new AppError('forbidden', NOTES_FORBIDDEN_MESSAGE);
}

function toNote(row: {
  id: number;
  authorId: number | null;
  authorName: string | null;
  text: string;
  createdAt: Date;
}): ReviewNote {
  return {
    id: row.id,
    author:
      row.authorId !== null && row.authorName !== null ? { id: row.authorId, name: row.authorName } : null,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Notes by someone else than the article's author, which the author has not seen yet. */
const unseenByAuthor = (row: NewsroomRow) =>
  and(
    eq(reviewNotes.articleId, row.id),
    isNull(reviewNotes.seenByAuthorAt),
    row.createdBy === null
      ? undefined
      : or(isNull(reviewNotes.authorId), ne(reviewNotes.authorId, row.createdBy)),
  );

/**
 * An article's notes, oldest first. When its author reads them, the new ones are marked seen; `unread` says how
 * many were new at this reading (the badge the author is shown).
 */
export async function listReviewNotes(
  db: Db,
  principal: StaffPrincipal,
  id: string,
): Promise<ReviewNotesAnswer> {
  return db.transaction(async (tx) => {
    const row = await readArticle(tx, id);
    await assertCanReadNotes(tx, principal, row);
    const rows = await tx
      .select({
        id: reviewNotes.id,
        authorId: reviewNotes.authorId,
        authorName: staffMembers.name,
        text: reviewNotes.text,
        createdAt: reviewNotes.createdAt,
      })
      .from(reviewNotes)
      .leftJoin(staffMembers, eq(staffMembers.id, reviewNotes.authorId))
      .where(eq(reviewNotes.articleId, id))
      .orderBy(asc(reviewNotes.createdAt), asc(reviewNotes.id));
    const isAuthor = principal.staffId !== null && principal.staffId === row.createdBy;
    const seen = isAuthor
      ? await tx
          .update(reviewNotes)
          .set({ seenByAuthorAt: new Date() })
          .where(unseenByAuthor(row))
          .returning({ id: reviewNotes.id })
      : [];
    const [unseen] = isAuthor
      ? [{ total: seen.length }]
      : await tx.select({ total: count() }).from(reviewNotes).where(unseenByAuthor(row));
    return { items: rows.map(toNote), unread: unseen?.total ?? 0 };
  });
}

/**
 * A note on an article, by an editor or by the article's author; audited. The author is e-mailed a note someone
 * else left (queued with the note: sent once committed, kept through an SMTP outage).
 */
export async function addReviewNote(
  db: Db,
  principal: StaffPrincipal,
  id: string,
  body: ReviewNoteBody,
): Promise<ReviewNote> {
  return db.transaction(async (tx) => {
    const row = await readArticle(tx, id);
    await assertCanReadNotes(tx, principal, row);
    const [note] = await tx
      .insert(reviewNotes)
      .values({
        articleId: id,
        authorId: principal.staffId,
        text: body.text,
        seenByAuthorAt: principal.staffId !== null && principal.staffId === row.createdBy ? new Date() : null,
      })
      .returning();
    if (!note) throw new Error('note not inserted');
    await recordAudit(tx, principal, 'article.note', { type: 'article', id }, { note: note.id });
    const [writer] =
      principal.staffId === null
        ? []
        : await tx
            .select({ name: staffMembers.name })
            .from(staffMembers)
            .where(eq(staffMembers.id, principal.staffId));
    if (row.createdBy !== null && row.createdBy !== principal.staffId) {
      await emailAuthorOfNote(tx, row, writer?.name ?? 'La rédaction', body.text);
    }
    return toNote({ ...note, authorName: writer?.name ?? null });
  });
}

async function emailAuthorOfNote(
  tx: Transaction,
  row: NewsroomRow,
  writer: string,
  text: string,
): Promise<void> {
  const [author] = await tx
    .select({ email: staffMembers.email, name: staffMembers.name })
    .from(staffMembers)
    .where(and(eq(staffMembers.id, row.createdBy ?? 0), eq(staffMembers.active, true)));
  if (!author) return;
  const subject = `Note de relecture sur « ${row.title} »`;
  const { html: htmlBody, text: textBody } = renderEmail({
    subject,
    preheader: `${writer} a laissé une note sur votre article.`,
    body: html`${emailParagraph(`Bonjour ${author.name},`)}${emailParagraph(
      `${writer} a laissé une note sur « ${row.title} » :`,
    )}${emailParagraph(text)}${emailButton('Ouvrir l’article', editUrl(row.id))}`,
  });
  await queueEmail(tx, {
    to: author.email,
    subject,
    html: htmlBody,
    text: textBody,
    category: 'review-note',
  });
}

/**
 * Tells every active editor and administrator but the submitter that an article waits for review: one e-mail
 * each, queued in the submission's transaction.
 */
export async function notifyReviewers(
  tx: Transaction,
  principal: StaffPrincipal,
  row: NewsroomRow,
): Promise<void> {
  const reviewers = await tx
    .select({ id: staffMembers.id, email: staffMembers.email, name: staffMembers.name })
    .from(staffMembers)
    .where(and(eq(staffMembers.active, true), inArray(staffMembers.role, [...REVIEWER_ROLES])));
  const [submitter] =
    principal.staffId === null
      ? []
      : await tx
          .select({ name: staffMembers.name })
          .from(staffMembers)
          .where(eq(staffMembers.id, principal.staffId));
  const by = submitter?.name ?? 'Un rédacteur';
  const subject = `À relire : « ${row.title} »`;
  for (const reviewer of reviewers) {
    if (reviewer.id === principal.staffId) continue;
    const { html: htmlBody, text } = renderEmail({
      subject,
      preheader: `${by} a soumis un article à la relecture.`,
      body: html`${emailParagraph(`Bonjour ${reviewer.name},`)}${emailParagraph(
        `${by} a soumis « ${row.title} » à la relecture.`,
      )}${emailButton('Relire l’article', editUrl(row.id))}`,
    });
    await queueEmail(tx, { to: reviewer.email, subject, html: htmlBody, text, category: 'review-submitted' });
  }
}

/**
 * The counts of the newsroom's header: the articles waiting for review (for those who review), and the notes on
 * the caller's own articles they have not read yet.
 */
export async function reviewQueue(db: Db, principal: StaffPrincipal): Promise<ReviewQueueAnswer> {
  const reviews = roleAllows(principal.role, 'review.queue');
  const staffId = principal.staffId;
  const [[queued], [unread]] = await Promise.all([
    reviews
      ? db.select({ total: count() }).from(newsroomArticles).where(eq(newsroomArticles.status, 'in_review'))
      : [null],
    staffId === null
      ? [null]
      : db
          .select({ total: count() })
          .from(reviewNotes)
          .innerJoin(newsroomArticles, eq(newsroomArticles.id, reviewNotes.articleId))
          .where(
            and(
              eq(newsroomArticles.createdBy, staffId),
              isNull(reviewNotes.seenByAuthorAt),
              or(isNull(reviewNotes.authorId), ne(reviewNotes.authorId, staffId)),
            ),
          ),
  ]);
  return { inReview: reviews ? (queued?.total ?? 0) : null, unreadNotes: unread?.total ?? 0 };
}
