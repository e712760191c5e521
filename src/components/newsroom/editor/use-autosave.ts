'use client';

import { useEffect, useState, useSyncExternalStore } from 'react';
import { AdminApiError, createArticle, errorMessage, NetworkError, patchArticle } from '@/client/admin';
import { deleteDraft as sendToBin } from '@/client/newsroom/article-bin';
import type { AdminArticle } from '@/lib/contracts/admin';
import { articleEditPath } from '../paths';
import {
  type EditorEffect,
  type EditorEvent,
  type EditorSync,
  initialSync,
  type LoadedArticle,
  readyForStep,
  transition,
} from './autosave-machine';
import { createBodyOf, type Draft, patchBodyOf } from './draft';
import { forgetLocal, keepLocally } from './local-drafts';

/** A workflow step (submit, publish, schedule, unpublish) run on a saved version of the article. */
export type WorkflowStep = (id: string, version: number) => Promise<AdminArticle>;

/** The event a failed save leads to. */
function failureEvent(failure: unknown, sent: Draft): EditorEvent {
  if (failure instanceof NetworkError) return { type: 'offline' };
  if (failure instanceof AdminApiError && failure.conflict) {
    return { type: 'conflicted', conflict: failure.conflict, sent };
  }
  if (failure instanceof AdminApiError && failure.status === 400) {
    return { type: 'invalid', message: failure.message, fields: failure.details };
  }
  return { type: 'failed', message: errorMessage(failure) };
}

/**
 * The editor's edits and their saves, outside React: the state machine of `autosave-machine.ts` and the effects
 * it asks for (timers, the browser's copy of unsent edits, requests to the Admin API).
 */
function createAutosave(initial: EditorSync) {
  let state = initial;
  const listeners = new Set<() => void>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let inFlight: Promise<void> | null = null;

  const cancelTimer = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };

  const perform = (effect: EditorEffect) => {
    switch (effect.type) {
      case 'schedule':
        cancelTimer();
        timer = setTimeout(() => void save(), effect.delay);
        return;
      case 'cancelTimer':
        cancelTimer();
        return;
      case 'save':
        void save(effect.leaving);
        return;
      case 'keepLocally':
        keepLocally(effect.key, effect.draft, effect.baseVersion);
        return;
      case 'forgetLocal':
        forgetLocal(effect.key);
        return;
      case 'showAddress':
        // The address becomes the article's own, without reloading the editor.
        window.history.replaceState(window.history.state, '', articleEditPath(effect.id));
        return;
    }
  };

  const dispatch = (event: EditorEvent) => {
    const next = transition(state, event);
    state = next.state;
    for (const listener of listeners) listener();
    for (const effect of next.effects) perform(effect);
  };

  /** Sends the edits not on the server; `leaving`: the page or the editor goes away, the request outlives it. */
  async function save(leaving = false): Promise<void> {
    if (inFlight) {
      await inFlight;
      if (state.dirty) return save(leaving);
      return;
    }
    if (!state.dirty || state.conflict) return;
    const { id, baseVersion, draft: sent } = state;
    if (!id && sent.title.trim() === '') {
      dispatch({ type: 'titleMissing' });
      return;
    }
    dispatch({ type: 'saveStarted' });
    const run = (async () => {
      try {
        const answer = id
          ? await patchArticle(id, patchBodyOf(sent, baseVersion ?? 1), leaving)
          : await createArticle(createBodyOf(sent), leaving);
        dispatch({ type: 'saved', answer });
      } catch (failure) {
        dispatch(failureEvent(failure, sent));
      }
    })();
    inFlight = run;
    try {
      await run;
    } finally {
      inFlight = null;
    }
  }

  /** Saves pending edits first, then runs a workflow step from the version just saved. */
  async function runStep(label: string, step: WorkflowStep): Promise<void> {
    dispatch({ type: 'stepStarted' });
    await save();
    const ready = state;
    if (!readyForStep(ready)) {
      dispatch({ type: 'stepBlocked' });
      return;
    }
    try {
      dispatch({ type: 'stepDone', answer: await step(ready.id, ready.baseVersion), label });
    } catch (failure) {
      if (failure instanceof AdminApiError && failure.conflict) {
        dispatch({ type: 'conflicted', conflict: failure.conflict });
        return;
      }
      dispatch({ type: 'stepFailed', message: errorMessage(failure) });
    }
  }

  /** Saves pending edits, then sends the draft to the bin; answers whether it went. */
  async function deleteDraft(): Promise<boolean> {
    dispatch({ type: 'stepStarted' });
    await save();
    const ready = state;
    if (!readyForStep(ready)) {
      dispatch({ type: 'stepBlocked' });
      return false;
    }
    try {
      await sendToBin(ready.id, ready.baseVersion);
      dispatch({ type: 'deleted' });
      return true;
    } catch (failure) {
      if (failure instanceof AdminApiError && failure.conflict) {
        dispatch({ type: 'conflicted', conflict: failure.conflict });
      } else dispatch({ type: 'stepFailed', message: errorMessage(failure) });
      return false;
    }
  }

  /** Sends the pending edits now, without waiting for the autosave delay; answers the state it leaves. */
  async function saveNow(): Promise<EditorSync> {
    cancelTimer();
    await save();
    return state;
  }

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispatch,
    runStep,
    saveNow,
    deleteDraft,
  };
}

/**
 * The article editor's document and its saves: every edit is kept in this browser at once and sent after
 * `AUTOSAVE_DELAY_MS` of quiet, when the author leaves (a newsroom link or `pagehide`), or when the network
 * comes back; a refused save shows the conflict until the author chooses.
 */
export function useAutosave(loaded: LoadedArticle) {
  const [autosave] = useState(() => createAutosave(initialSync(loaded)));
  const state = useSyncExternalStore(autosave.subscribe, autosave.getState, autosave.getState);

  useEffect(() => {
    // Unsent edits resumed at load are sent at once; a network back online sends what waits.
    autosave.dispatch({ type: 'started' });
    const online = () => autosave.dispatch({ type: 'online' });
    const leave = (event: BeforeUnloadEvent) => {
      if (autosave.getState().dirty) event.preventDefault();
    };
    // Edits typed within the autosave delay are sent at once when the author leaves: by a link of the
    // newsroom (the editor unmounts) or by closing, reloading or leaving the page (pagehide).
    const flush = () => autosave.dispatch({ type: 'left' });
    window.addEventListener('online', online);
    window.addEventListener('beforeunload', leave);
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('beforeunload', leave);
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [autosave]);

  return {
    state,
    dispatch: autosave.dispatch,
    runStep: autosave.runStep,
    saveNow: autosave.saveNow,
    deleteDraft: autosave.deleteDraft,
  };
}
