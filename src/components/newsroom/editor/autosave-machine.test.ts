import { describe, expect, test } from 'vitest';
import { type AdminArticle, type ArticleConflictAnswer, adminArticleSchema } from '@/lib/contracts/admin';
import {
  AUTOSAVE_DELAY_MS,
  type EditorEvent,
  type EditorSync,
  initialSync,
  OFFLINE_RETRY_MS,
  readyForStep,
  transition,
} from './autosave-machine';
import { createBodyOf, type Draft, emptyDraft, stateOf } from './draft';

const ID = 'R260101001';

/** The server's answer holding `draft` as `version`. */
function answerOf(draft: Draft, version: number, overrides: Partial<AdminArticle> = {}): AdminArticle {
  return adminArticleSchema.parse({
    id: ID,
    status: 'draft',
    version,
    publishedVersion: null,
    scheduledAt: null,
    createdAt: '2026-12-01T08:00:00.000Z',
    updatedAt: `2026-12-01T08:0${version}:00.000Z`,
    createdBy: { id: 1, name: 'Claire Martin' },
    updatedBy: { id: 1, name: 'Claire Martin' },
    path: `/actualite/article_${ID}`,
    ...overrides,
    article: {
      ...createBodyOf(draft),
      id: ID,
      publication_date: draft.publication_date ?? '2026-12-01T08:00:00.000Z',
    },
  });
}

const typed = (title: string): EditorEvent => ({
  type: 'edited',
  update: (current) => ({ ...current, title }),
});

/** Runs events one after another; answers the last state and every effect asked for on the way. */
function run(state: EditorSync, ...events: EditorEvent[]) {
  let current = state;
  const effects = [];
  for (const event of events) {
    const next = transition(current, event);
    current = next.state;
    effects.push(...next.effects);
  }
  return { state: current, effects };
}

const newArticle = () =>
  initialSync({
    draft: emptyDraft(),
    article: null,
    baseVersion: null,
    recovered: null,
    recoveredIsStale: false,
  });

function savedArticle(version = 3) {
  const draft = { ...emptyDraft(), title: 'La TVA change' };
  const answer = answerOf(draft, version);
  return {
    answer,
    state: initialSync({
      draft,
      article: stateOf(answer),
      baseVersion: version,
      recovered: null,
      recoveredIsStale: false,
    }),
  };
}

function conflictOn(draft: Draft, version: number): ArticleConflictAnswer {
  return {
    error: { code: 'conflict', message: 'Conflit' },
    current: answerOf(draft, version, { updatedBy: { id: 2, name: 'Paul Durand' } }),
    changedFields: ['title'],
    changedBy: [{ id: 2, name: 'Paul Durand' }],
  };
}

describe('typing', () => {
  test('makes the document dirty, keeps it in the browser and asks for a save after the autosave delay', () => {
    const { state, effects } = run(newArticle(), typed('L'));
    expect(state.dirty).toBe(true);
    expect(state.draft.title).toBe('L');
    expect(effects).toEqual([
      { type: 'keepLocally', key: 'new', draft: state.draft, baseVersion: null },
      { type: 'schedule', delay: AUTOSAVE_DELAY_MS },
    ]);
  });

  test('of a saved article keeps the edits under its id, from the version they started from', () => {
    const { state, effects } = run(savedArticle(3).state, typed('Nouveau titre'));
    expect(effects[0]).toEqual({ type: 'keepLocally', key: ID, draft: state.draft, baseVersion: 3 });
  });
});

describe('the autosave', () => {
  test('starts saving, and a success without new typing leaves the document clean and forgets the local copy', () => {
    const { answer, state: start } = savedArticle(3);
    const saving = run(start, typed('Nouveau titre'), { type: 'saveStarted' });
    expect(saving.state.status).toEqual({ kind: 'saving' });
    const { state, effects } = run(saving.state, { type: 'saved', answer: { ...answer, version: 4 } });
    expect(state.dirty).toBe(false);
    expect(state.baseVersion).toBe(4);
    expect(state.article?.version).toBe(4);
    expect(state.status).toEqual({ kind: 'saved', at: answer.updatedAt });
    expect(effects).toEqual([{ type: 'forgetLocal', key: ID }]);
  });

  test('keeps what was typed while the save travelled, and saves it next', () => {
    const { answer, state: start } = savedArticle(3);
    const { state, effects } = run(start, typed('Nouveau'), { type: 'saveStarted' }, typed('Nouveau titre'), {
      type: 'saved',
      answer: { ...answer, version: 4 },
    });
    expect(state.dirty).toBe(true);
    expect(effects.slice(-2)).toEqual([
      { type: 'keepLocally', key: ID, draft: state.draft, baseVersion: 4 },
      { type: 'schedule', delay: AUTOSAVE_DELAY_MS },
    ]);
  });

  test('of a new article gives it its id and its address, and forgets the copy kept as « new »', () => {
    const draft = { ...emptyDraft(), title: 'Premier jet' };
    const { state, effects } = run(
      newArticle(),
      typed('Premier jet'),
      { type: 'saveStarted' },
      {
        type: 'saved',
        answer: answerOf(draft, 1),
      },
    );
    expect(state.id).toBe(ID);
    expect(effects.slice(-3)).toEqual([
      { type: 'forgetLocal', key: 'new' },
      { type: 'showAddress', id: ID },
      { type: 'forgetLocal', key: ID },
    ]);
  });

  test('refuses to create an article without a title, in French', () => {
    const { state } = run(newArticle(), { type: 'titleMissing' });
    expect(state.status).toMatchObject({
      kind: 'invalid',
      message: 'Donnez un titre à l’article pour l’enregistrer.',
    });
  });

  test('offline: says so and tries again later, the edits still dirty', () => {
    const { state, effects } = run(
      savedArticle().state,
      typed('x'),
      { type: 'saveStarted' },
      { type: 'offline' },
    );
    expect(state.status).toEqual({ kind: 'offline' });
    expect(state.dirty).toBe(true);
    expect(effects.at(-1)).toEqual({ type: 'schedule', delay: OFFLINE_RETRY_MS });
    // Back online: what waits is sent at once.
    expect(run(state, { type: 'online' }).effects).toEqual([{ type: 'schedule', delay: 0 }]);
  });

  test('a refused save (400) shows the server’s field errors; another failure its message', () => {
    const fields = [{ field: 'title', message: 'Trop long' }];
    const invalid = run(
      savedArticle().state,
      typed('x'),
      { type: 'saveStarted' },
      {
        type: 'invalid',
        message: 'Article invalide',
        fields,
      },
    );
    expect(invalid.state.status).toEqual({ kind: 'invalid', message: 'Article invalide', fields });
    const failed = run(invalid.state, { type: 'saveStarted' }, { type: 'failed', message: 'Erreur' });
    expect(failed.state.status).toEqual({ kind: 'error', message: 'Erreur' });
    expect(failed.state.dirty).toBe(true);
  });
});

describe('a conflict', () => {
  test('is detected when someone else saved first: nothing more is sent until the author chooses', () => {
    const { state: start } = savedArticle(3);
    const mine = run(start, typed('Mon titre'), { type: 'saveStarted' });
    const conflict = conflictOn({ ...start.draft, title: 'Leur titre' }, 4);
    const { state, effects } = run(mine.state, { type: 'conflicted', conflict, sent: mine.state.draft });
    expect(state.conflict).toBe(conflict);
    expect(state.status).toEqual({ kind: 'idle' });
    expect(state.dirty).toBe(true);
    expect(effects).toEqual([]);
    expect(readyForStep(state)).toBe(false);
  });

  test('is not one when the newer version already holds the sent edits (an answer lost on the way back)', () => {
    const { state: start } = savedArticle(3);
    const mine = run(start, typed('Mon titre'), { type: 'saveStarted' });
    const conflict = conflictOn(mine.state.draft, 4);
    const { state } = run(mine.state, { type: 'conflicted', conflict, sent: mine.state.draft });
    expect(state.conflict).toBeNull();
    expect(state.dirty).toBe(false);
    expect(state.baseVersion).toBe(4);
  });

  test('resolved by keeping theirs: their document replaces mine, the body editors restart, nothing to send', () => {
    const { state: start } = savedArticle(3);
    const mine = run(start, typed('Mon titre'), { type: 'saveStarted' });
    const conflict = conflictOn({ ...start.draft, title: 'Leur titre' }, 4);
    const { state, effects } = run(
      mine.state,
      { type: 'conflicted', conflict, sent: mine.state.draft },
      { type: 'conflictResolved', keep: 'theirs' },
    );
    expect(state.conflict).toBeNull();
    expect(state.draft.title).toBe('Leur titre');
    expect(state.baseVersion).toBe(4);
    expect(state.dirty).toBe(false);
    expect(state.generation).toBe(start.generation + 1);
    expect(effects).toEqual([{ type: 'forgetLocal', key: ID }]);
  });

  test('resolved by keeping mine: my text is saved at once as the version after theirs', () => {
    const { state: start } = savedArticle(3);
    const mine = run(start, typed('Mon titre'), { type: 'saveStarted' });
    const conflict = conflictOn({ ...start.draft, title: 'Leur titre' }, 4);
    const { state, effects } = run(
      mine.state,
      { type: 'conflicted', conflict, sent: mine.state.draft },
      { type: 'conflictResolved', keep: 'mine' },
    );
    expect(state.conflict).toBeNull();
    expect(state.draft.title).toBe('Mon titre');
    expect(state.baseVersion).toBe(4);
    expect(state.dirty).toBe(true);
    expect(effects).toEqual([
      { type: 'keepLocally', key: ID, draft: state.draft, baseVersion: 4 },
      { type: 'schedule', delay: 0 },
    ]);
  });
});

describe('edits kept in this browser', () => {
  test('made from the current version are resumed dirty and sent as soon as the editor starts', () => {
    const draft = { ...emptyDraft(), title: 'Pas encore envoyé' };
    const state = initialSync({
      draft,
      article: stateOf(answerOf(draft, 3)),
      baseVersion: 3,
      recovered: { baseVersion: 3, savedAt: '2026-12-01T09:00:00.000Z', draft },
      recoveredIsStale: false,
    });
    expect(state.dirty).toBe(true);
    expect(state.recovered).toBeNull();
    expect(run(state, { type: 'started' }).effects).toEqual([{ type: 'schedule', delay: 0 }]);
  });

  test('made from an older version are offered: resumed from their version, or dropped', () => {
    const saved = { ...emptyDraft(), title: 'Sur le serveur' };
    const local = {
      baseVersion: 2,
      savedAt: '2026-12-01T09:00:00.000Z',
      draft: { ...saved, title: 'Local' },
    };
    const state = initialSync({
      draft: saved,
      article: stateOf(answerOf(saved, 3)),
      baseVersion: 3,
      recovered: local,
      recoveredIsStale: true,
    });
    expect(state.dirty).toBe(false);
    expect(run(state, { type: 'started' }).effects).toEqual([]);

    const resumed = run(state, { type: 'recoveredResumed' });
    expect(resumed.state).toMatchObject({ recovered: null, dirty: true, baseVersion: 2, generation: 1 });
    expect(resumed.state.draft.title).toBe('Local');
    expect(resumed.effects.at(-1)).toEqual({ type: 'schedule', delay: 0 });

    const dropped = run(state, { type: 'recoveredDropped' });
    expect(dropped.state.recovered).toBeNull();
    expect(dropped.state.draft.title).toBe('Sur le serveur');
    expect(dropped.effects).toEqual([{ type: 'forgetLocal', key: ID }]);
  });
});

describe('leaving the editor', () => {
  test('flushes edits typed within the autosave delay in a request that outlives the page', () => {
    const { effects } = run(savedArticle().state, typed('Dernier mot'), { type: 'left' });
    expect(effects.slice(-2)).toEqual([{ type: 'cancelTimer' }, { type: 'save', leaving: true }]);
  });

  test('sends nothing when everything is saved', () => {
    expect(run(savedArticle().state, { type: 'left' }).effects).toEqual([{ type: 'cancelTimer' }]);
  });
});

describe('the save button', () => {
  test('with nothing to send says the article is saved, without a request', () => {
    const { answer, state: start } = savedArticle(3);
    const { state, effects } = run(start, { type: 'saveRequested' });
    expect(state.status).toEqual({ kind: 'saved', at: answer.updatedAt });
    expect(effects).toEqual([]);
  });

  test('on a new article sends it', () => {
    const { state, effects } = run(newArticle(), { type: 'saveRequested' });
    expect(state.dirty).toBe(true);
    expect(effects).toEqual([{ type: 'save', leaving: false }]);
  });
});

describe('a workflow step', () => {
  test('stops the autosave timer, and runs only on a saved version', () => {
    const { state, effects } = run(savedArticle().state, typed('x'), { type: 'stepStarted' });
    expect(effects.at(-1)).toEqual({ type: 'cancelTimer' });
    expect(readyForStep(state)).toBe(false);
    expect(readyForStep(savedArticle().state)).toBe(true);
    expect(run(state, { type: 'stepBlocked' }).state.notice).toEqual({
      text: 'Enregistrez d’abord l’article (voir le message ci-dessus).',
      error: true,
    });
  });

  test('done: the new version and the dates the server set come back without counting as an edit', () => {
    const { answer, state: start } = savedArticle(3);
    const published = {
      ...answer,
      status: 'published' as const,
      version: 4,
      publishedVersion: 4,
      article: { ...answer.article, publication_date: '2026-12-01T10:00:00.000Z' },
    };
    const { state } = run(start, { type: 'stepDone', answer: published, label: 'Article publié.' });
    expect(state).toMatchObject({
      baseVersion: 4,
      dirty: false,
      notice: { text: 'Article publié.', error: false },
    });
    expect(state.article?.status).toBe('published');
    expect(state.draft.publication_date).toBe('2026-12-01T10:00:00.000Z');
  });

  test('refused by a conflict shows it, keeping the save line as it was', () => {
    const { answer, state: start } = savedArticle(3);
    const saved = run(start, { type: 'saveRequested' }).state;
    const conflict = conflictOn({ ...start.draft, title: 'Leur titre' }, 4);
    const { state } = run(saved, { type: 'conflicted', conflict });
    expect(state.conflict).toBe(conflict);
    expect(state.status).toEqual({ kind: 'saved', at: answer.updatedAt });
  });
});

describe('a draft sent to the bin', () => {
  test('leaves nothing to send: no timer, no copy kept in the browser', () => {
    const { state, effects } = run(savedArticle().state, { type: 'deleted' });
    expect(state.dirty).toBe(false);
    expect(effects).toEqual([{ type: 'cancelTimer' }, { type: 'forgetLocal', key: ID }]);
    expect(run(state, { type: 'left' }).effects).toEqual([{ type: 'cancelTimer' }]);
  });
});
