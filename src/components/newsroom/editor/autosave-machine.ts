import type { AdminArticle, ArticleConflictAnswer } from '@/lib/contracts/admin';
import { type ArticleState, changesNothing, type Draft, draftOf, stateOf } from './draft';
import type { LocalDraft } from './local-drafts';

/**
 * What the article editor knows about its edits and the server's copy, as a pure state machine: every event
 * (a keystroke, a save's answer, a conflict, a choice, leaving the page) gives the next state and the effects
 * to perform (timers, the browser's copy of unsent edits, a save). `use-autosave.ts` runs the effects.
 */

/** Milliseconds between the last keystroke and the automatic save. */
export const AUTOSAVE_DELAY_MS = 3_000;
/** Retry delay while the server cannot be reached. */
export const OFFLINE_RETRY_MS = 10_000;

export type SaveStatus =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: string }
  | { kind: 'offline' }
  | { kind: 'invalid'; message: string; fields: { field: string; message: string }[] }
  | { kind: 'error'; message: string };

export type EditorSync = {
  /** The article's id; null until its first save creates it. */
  id: string | null;
  draft: Draft;
  /** The server's copy as last seen (status, version, dates); null before the first save. */
  article: ArticleState | null;
  /** The version saves are made from. */
  baseVersion: number | null;
  /** Edits the server does not have yet. */
  dirty: boolean;
  /** Counts edits, so that a save's answer knows whether something was typed while it travelled. */
  changes: number;
  /** `changes` when the save in flight started; null when none is. */
  savingFrom: number | null;
  status: SaveStatus;
  /** A save refused because someone else saved first: nothing more is sent until the author chooses. */
  conflict: ArticleConflictAnswer | null;
  /** Unsent edits of this browser that started from an older version than the server's: offered back. */
  recovered: LocalDraft | null;
  /** Changes when the document is replaced from outside: the body editors restart from it. */
  generation: number;
  /** The outcome of the last workflow step (submit, publish, schedule, unpublish). */
  notice: { text: string; error: boolean } | null;
};

export type EditorEvent =
  | { type: 'started' }
  | { type: 'edited'; update: (current: Draft) => Draft }
  | { type: 'saveRequested' }
  | { type: 'titleMissing' }
  | { type: 'saveStarted' }
  | { type: 'saved'; answer: AdminArticle }
  | { type: 'offline' }
  | { type: 'online' }
  /** `sent`: the edits of the refused save; absent when a workflow step was refused. */
  | { type: 'conflicted'; conflict: ArticleConflictAnswer; sent?: Draft }
  | { type: 'invalid'; message: string; fields: { field: string; message: string }[] }
  | { type: 'failed'; message: string }
  | { type: 'conflictResolved'; keep: 'theirs' | 'mine' }
  | { type: 'recoveredResumed' }
  | { type: 'recoveredDropped' }
  | { type: 'left' }
  | { type: 'stepStarted' }
  | { type: 'stepBlocked' }
  | { type: 'stepDone'; answer: AdminArticle; label: string }
  | { type: 'stepFailed'; message: string }
  /** The draft went to the bin: nothing is left to send. */
  | { type: 'deleted' };

export type EditorEffect =
  | { type: 'schedule'; delay: number }
  | { type: 'cancelTimer' }
  | { type: 'save'; leaving: boolean }
  | { type: 'keepLocally'; key: string; draft: Draft; baseVersion: number | null }
  | { type: 'forgetLocal'; key: string }
  /** The new article's own address replaces `/nouveau` in the address bar. */
  | { type: 'showAddress'; id: string };

type Transition = { state: EditorSync; effects: EditorEffect[] };

/** What the editor starts from: the loaded document and any edits this browser kept unsent. */
export type LoadedArticle = {
  draft: Draft;
  article: ArticleState | null;
  /** The version saves are made from: the server's, or the one unsent local edits started from. */
  baseVersion: number | null;
  /** Edits of this browser not on the server, found at load. */
  recovered: LocalDraft | null;
  /** True when the recovered edits started from an older version than the server's (someone saved since). */
  recoveredIsStale: boolean;
};

export function initialSync({
  draft,
  article,
  baseVersion,
  recovered,
  recoveredIsStale,
}: LoadedArticle): EditorSync {
  return {
    id: article?.id ?? null,
    draft,
    article,
    baseVersion,
    // Unsent edits made from the current version are resumed as they are, and sent at once.
    dirty: recovered !== null && !recoveredIsStale,
    changes: 0,
    savingFrom: null,
    status: { kind: 'idle' },
    conflict: null,
    recovered: recoveredIsStale ? recovered : null,
    generation: 0,
    notice: null,
  };
}

const localKey = (state: EditorSync) => state.id ?? 'new';

/** The document replaced from outside (the server's in a conflict, or the one recovered from this browser). */
function replaceDocument(
  state: EditorSync,
  draft: Draft,
  baseVersion: number | null,
  dirty: boolean,
): Transition {
  const next = {
    ...state,
    draft,
    baseVersion,
    dirty,
    changes: state.changes + 1,
    generation: state.generation + 1,
  };
  return {
    state: next,
    effects: dirty
      ? [
          { type: 'keepLocally', key: localKey(next), draft, baseVersion },
          { type: 'schedule', delay: 0 },
        ]
      : [{ type: 'forgetLocal', key: localKey(next) }],
  };
}

/** The server holds the sent edits as `answer`; edits typed since are kept in the browser and saved next. */
function adopt(state: EditorSync, answer: AdminArticle): Transition {
  const effects: EditorEffect[] = [];
  if (state.id === null)
    effects.push({ type: 'forgetLocal', key: 'new' }, { type: 'showAddress', id: answer.id });
  const typedSince = state.changes !== state.savingFrom;
  const next: EditorSync = {
    ...state,
    id: answer.id,
    baseVersion: answer.version,
    article: stateOf(answer),
    dirty: typedSince,
    savingFrom: null,
    status: { kind: 'saved', at: answer.updatedAt },
  };
  if (typedSince) {
    effects.push(
      { type: 'keepLocally', key: answer.id, draft: state.draft, baseVersion: answer.version },
      { type: 'schedule', delay: AUTOSAVE_DELAY_MS },
    );
  } else effects.push({ type: 'forgetLocal', key: answer.id });
  return { state: next, effects };
}

const unchanged = (state: EditorSync): Transition => ({ state, effects: [] });

export function transition(state: EditorSync, event: EditorEvent): Transition {
  switch (event.type) {
    case 'started':
    case 'online':
      return { state, effects: state.dirty ? [{ type: 'schedule', delay: 0 }] : [] };
    case 'edited': {
      const draft = event.update(state.draft);
      return {
        state: { ...state, draft, dirty: true, changes: state.changes + 1 },
        effects: [
          { type: 'keepLocally', key: localKey(state), draft, baseVersion: state.baseVersion },
          { type: 'schedule', delay: AUTOSAVE_DELAY_MS },
        ],
      };
    }
    case 'saveRequested':
      // Nothing to send: say the article is saved rather than sending the same version again.
      if (!state.dirty && state.id && state.article) {
        return unchanged({ ...state, status: { kind: 'saved', at: state.article.updatedAt } });
      }
      return { state: { ...state, dirty: true }, effects: [{ type: 'save', leaving: false }] };
    case 'titleMissing':
      return unchanged({
        ...state,
        status: { kind: 'invalid', message: 'Donnez un titre à l’article pour l’enregistrer.', fields: [] },
      });
    case 'saveStarted':
      return unchanged({ ...state, savingFrom: state.changes, status: { kind: 'saving' } });
    case 'saved':
      return adopt(state, event.answer);
    case 'offline':
      return {
        state: { ...state, savingFrom: null, status: { kind: 'offline' } },
        effects: [{ type: 'schedule', delay: OFFLINE_RETRY_MS }],
      };
    case 'conflicted':
      // The newer version already holds these edits: an earlier save of ours whose answer was lost.
      if (event.sent && changesNothing(event.sent, draftOf(event.conflict.current.article))) {
        return adopt(state, event.conflict.current);
      }
      return unchanged({
        ...state,
        savingFrom: null,
        conflict: event.conflict,
        status: state.status.kind === 'saving' ? { kind: 'idle' } : state.status,
      });
    case 'invalid':
      return unchanged({
        ...state,
        savingFrom: null,
        status: { kind: 'invalid', message: event.message, fields: event.fields },
      });
    case 'failed':
      return unchanged({ ...state, savingFrom: null, status: { kind: 'error', message: event.message } });
    case 'conflictResolved': {
      const { conflict } = state;
      if (!conflict) return unchanged(state);
      const settled = { ...state, conflict: null, article: stateOf(conflict.current) };
      if (event.keep === 'theirs') {
        const replaced = replaceDocument(
          settled,
          draftOf(conflict.current.article),
          conflict.current.version,
          false,
        );
        return { ...replaced, state: { ...replaced.state, status: { kind: 'idle' } } };
      }
      // An explicit choice: my text is saved as the version after theirs (theirs stays in the revisions).
      return {
        state: { ...settled, baseVersion: conflict.current.version, dirty: true },
        effects: [
          {
            type: 'keepLocally',
            key: localKey(state),
            draft: state.draft,
            baseVersion: conflict.current.version,
          },
          { type: 'schedule', delay: 0 },
        ],
      };
    }
    case 'recoveredResumed': {
      const { recovered } = state;
      if (!recovered) return unchanged(state);
      return replaceDocument({ ...state, recovered: null }, recovered.draft, recovered.baseVersion, true);
    }
    case 'recoveredDropped':
      return {
        state: { ...state, recovered: null },
        effects: [{ type: 'forgetLocal', key: localKey(state) }],
      };
    case 'left':
      // Edits typed within the autosave delay go at once, in a request that outlives the page.
      return {
        state,
        effects: [
          { type: 'cancelTimer' },
          ...(state.dirty ? [{ type: 'save', leaving: true } as const] : []),
        ],
      };
    case 'stepStarted':
      return { state: { ...state, notice: null }, effects: [{ type: 'cancelTimer' }] };
    case 'stepBlocked':
      return unchanged({
        ...state,
        notice: { text: 'Enregistrez d’abord l’article (voir le message ci-dessus).', error: true },
      });
    case 'stepDone':
      return unchanged({
        ...state,
        baseVersion: event.answer.version,
        article: stateOf(event.answer),
        // Dates the server set at publication come back into the form without counting as an edit.
        draft: {
          ...state.draft,
          publication_date: event.answer.article.publication_date,
          update_date: event.answer.article.update_date ?? null,
        },
        notice: { text: event.label, error: false },
      });
    case 'stepFailed':
      return unchanged({ ...state, notice: { text: event.message, error: true } });
    case 'deleted':
      return {
        state: { ...state, dirty: false },
        effects: [{ type: 'cancelTimer' }, { type: 'forgetLocal', key: localKey(state) }],
      };
  }
}

/** True when a workflow step may run: everything is saved, without a conflict. */
export function readyForStep(state: EditorSync): state is EditorSync & { id: string; baseVersion: number } {
  return !state.dirty && state.conflict === null && state.id !== null && state.baseVersion !== null;
}
