import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as notesGet, POST as notesPost } from '@/app/api/admin/articles/[id]/notes/route';
import { POST as submitPost } from '@/app/api/admin/articles/[id]/submit/route';
import { POST as createPost } from '@/app/api/admin/articles/route';
import { GET as reviewGet } from '@/app/api/admin/review/route';
import { type AdminArticle, apiErrorSchema } from '@/lib/contracts/admin';
import {
  REVIEW_NOTE_MAX_LENGTH,
  reviewNoteSchema,
  reviewNotesAnswer,
  reviewQueueAnswer,
} from '@/lib/contracts/review-newsroom';
import type { Database } from '@/server/db/client';
import { auditLog, reviewNotes, staffMembers } from '@/server/db/schema';
import { forgetDatabaseForRoutes, useDatabaseForRoutes } from '../support/api';
import { createTestDatabase } from '../support/database';
import { linkIn, MAIL_SITE_URL, Mailbox } from '../support/mailbox';
import { articleBody, callAdmin, createTestStaff, type TestStaff } from '../support/newsroom';

let database: Database;
let mailbox: Mailbox;
let journalist: TestStaff;
let otherJournalist: TestStaff;
let editor: TestStaff;
let administrator: TestStaff;

beforeAll(async () => {
  mailbox = await Mailbox.open();
  database = await createTestDatabase();
  useDatabaseForRoutes(database);
  journalist = await createTestStaff(database.db, 'redacteur', 'Camille Martin');
  otherJournalist = await createTestStaff(database.db, 'redacteur', 'Jean Autre');
  editor = await createTestStaff(database.db, 'editeur', 'Dominique Chef');
  administrator = await createTestStaff(database.db, 'administrateur', 'Alex Admin');
});

afterAll(async () => {
  forgetDatabaseForRoutes();
  await database?.close();
  await mailbox?.close();
});

async function createDraft(by: TestStaff, title: string): Promise<AdminArticle> {
  const answer = await callAdmin<AdminArticle>(createPost, {
    path: '/api/admin/articles',
    method: 'POST',
    caller: by,
    body: articleBody({ title }),
  });
  expect(answer.status).toBe(201);
  return answer.body;
}

const notesPath = (id: string) => `/api/admin/articles/${id}/notes`;
const readNotes = (id: string, by: TestStaff) =>
  callAdmin(notesGet, { path: notesPath(id), caller: by, params: { id } });
const writeNote = (id: string, by: TestStaff, body: unknown) =>
  callAdmin(notesPost, { path: notesPath(id), method: 'POST', caller: by, params: { id }, body });
const headerCounts = async (by: TestStaff) => {
  const answer = await callAdmin(reviewGet, { path: '/api/admin/review', caller: by });
  expect(answer.status).toBe(200);
  return reviewQueueAnswer.parse(answer.body);
};

describe('review that talks', () => {
  it('a submission e-mails every editor and administrator, and counts in the review queue', async () => {
    const before = (await headerCounts(editor)).inReview ?? 0;
    const draft = await createDraft(journalist, 'Le barème kilométrique à relire');
    const submitted = await callAdmin<AdminArticle>(submitPost, {
      path: `/api/admin/articles/${draft.id}/submit`,
      method: 'POST',
      caller: journalist,
      params: { id: draft.id },
      body: { version: draft.version },
    });
    expect(submitted.status).toBe(200);
    expect((await headerCounts(editor)).inReview).toBe(before + 1);
    // Journalists have no review queue.
    expect((await headerCounts(journalist)).inReview).toBeNull();

    await mailbox.deliver(database.db);
    for (const reviewer of [editor, administrator]) {
      const email = await mailbox.lastTo(reviewer.email);
      expect(email.subject).toBe('À relire : « Le barème kilométrique à relire »');
      expect(email.text).toContain(
        'Camille Martin a soumis « Le barème kilométrique à relire » à la relecture.',
      );
      expect(linkIn(email, `/redaction/articles/${draft.id}`).origin).toBe(MAIL_SITE_URL);
    }
    expect(await mailbox.messagesTo(journalist.email)).toEqual([]);
    expect(await mailbox.messagesTo(otherJournalist.email)).toEqual([]);
  });

  it('an editor’s note reaches the author (thread, unread count, e-mail), never another journalist', async () => {
    const draft = await createDraft(journalist, 'Les notes de frais');
    const written = await writeNote(draft.id, editor, {
      text: '  Préciser le plafond de 2026, s’il vous plaît.  ',
    });
    expect(written.status).toBe(201);
    const note = reviewNoteSchema.parse(written.body);
    expect(note).toMatchObject({
      author: { id: editor.id, name: 'Dominique Chef' },
      text: 'Préciser le plafond de 2026, s’il vous plaît.',
    });

    // The author's header counts it, another journalist's does not.
    expect((await headerCounts(journalist)).unreadNotes).toBe(1);
    expect((await headerCounts(otherJournalist)).unreadNotes).toBe(0);
    // The editor sees it, still unread by the author.
    const asEditor = reviewNotesAnswer.parse((await readNotes(draft.id, editor)).body);
    expect(asEditor).toMatchObject({ unread: 1, items: [{ id: note.id }] });
    // The author reads it: unread at this reading, then seen.
    const first = reviewNotesAnswer.parse((await readNotes(draft.id, journalist)).body);
    expect(first.unread).toBe(1);
    expect(first.items.map((item) => item.text)).toEqual(['Préciser le plafond de 2026, s’il vous plaît.']);
    expect(reviewNotesAnswer.parse((await readNotes(draft.id, journalist)).body).unread).toBe(0);
    expect((await headerCounts(journalist)).unreadNotes).toBe(0);
    // The author answers in the thread, already seen.
    expect((await writeNote(draft.id, journalist, { text: 'C’est fait.' })).status).toBe(201);
    const thread = reviewNotesAnswer.parse((await readNotes(draft.id, editor)).body);
    expect(thread.items.map((item) => item.author?.name)).toEqual(['Dominique Chef', 'Camille Martin']);
    expect(thread.unread).toBe(0);

    // Another journalist neither reads nor writes them.
    const refused = await readNotes(draft.id, otherJournalist);
    expect(refused.status).toBe(403);
    expect(apiErrorSchema.parse(refused.body).error.message).toBe(
      'Vous ne pouvez voir que les notes de vos propres articles.',
    );
    expect((await writeNote(draft.id, otherJournalist, { text: 'Intrus' })).status).toBe(403);

    await mailbox.deliver(database.db);
    const email = await mailbox.lastTo(journalist.email);
    expect(email.subject).toBe('Note de relecture sur « Les notes de frais »');
    expect(email.text).toContain('Préciser le plafond de 2026');
    expect(linkIn(email, `/redaction/articles/${draft.id}`).origin).toBe(MAIL_SITE_URL);
    // The author's own answer e-mails nobody.
    expect(await mailbox.messagesTo(editor.email)).not.toContainEqual(
      expect.objectContaining({ subject: 'Note de relecture sur « Les notes de frais »' }),
    );

    const audited = await database.db
      .select({ staffId: auditLog.staffId })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'article.note'), eq(auditLog.targetId, draft.id)));
    expect(audited.map((entry) => entry.staffId).sort()).toEqual([journalist.id, editor.id].sort());
  });

  it('refuses an empty, too long or malformed note in French, and an unknown article', async () => {
    const draft = await createDraft(journalist, 'Une note refusée');
    const cases: [unknown, string][] = [
      [{ text: '   ' }, 'la note est vide'],
      [
        { text: 'x'.repeat(REVIEW_NOTE_MAX_LENGTH + 1) },
        `une note a au plus ${REVIEW_NOTE_MAX_LENGTH} caractères`,
      ],
      [{ text: 42 }, 'la note doit être un texte'],
    ];
    for (const [body, message] of cases) {
      const answer = await writeNote(draft.id, editor, body);
      expect(answer.status).toBe(400);
      expect(apiErrorSchema.parse(answer.body).error.details?.map((detail) => detail.message)).toContain(
        message,
      );
    }
    expect((await writeNote(draft.id, editor, { text: 'ok', extra: 1 })).status).toBe(400);
    expect((await readNotes('INCONNU-1', editor)).status).toBe(404);
    expect(await database.db.select().from(reviewNotes).where(eq(reviewNotes.articleId, draft.id))).toEqual(
      [],
    );
  });

  it('keeps a note when its author leaves the team', async () => {
    const draft = await createDraft(journalist, 'Une note qui reste');
    const leaving = await createTestStaff(database.db, 'editeur', 'Parti Ailleurs');
    expect((await writeNote(draft.id, leaving, { text: 'Vu.' })).status).toBe(201);
    await database.db.delete(staffMembers).where(eq(staffMembers.id, leaving.id));
    const notes = reviewNotesAnswer.parse((await readNotes(draft.id, editor)).body);
    expect(notes.items).toMatchObject([{ author: null, text: 'Vu.' }]);
  });
});
