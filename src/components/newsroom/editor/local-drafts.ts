import '@/lib/contracts/zod-setup';
import { z } from 'zod';
import type { Draft } from './draft';

/**
 * Unsaved edits kept in the browser (localStorage) from the moment they are typed until the server has them:
 * a failed network, a closed tab or a crash loses nothing, and the editor sends them again.
 */
const PREFIX = 'redaction:modifications:';

/** `new` for an article not created yet. */
export type DraftKey = string;

const storedSchema = z.object({
  /** The server version the edits started from (null for a new article). */
  baseVersion: z.number().int().nullable(),
  savedAt: z.string(),
  // The document is checked by the server when it is sent; here only its outline.
  draft: z.record(z.string(), z.unknown()),
});

export type LocalDraft = { baseVersion: number | null; savedAt: string; draft: Draft };

export function keepLocally(
  key: DraftKey,
  draft: Draft,
  baseVersion: number | null,
  storage = localStorage,
): boolean {
  try {
    storage.setItem(
      PREFIX + key,
      JSON.stringify({ baseVersion, savedAt: new Date().toISOString(), draft } satisfies LocalDraft),
    );
    return true;
  } catch {
    return false; // storage full or refused (private mode): the save to the server still runs
  }
}

export function readLocal(key: DraftKey, storage = localStorage): LocalDraft | null {
  try {
    const raw = storage.getItem(PREFIX + key);
    if (!raw) return null;
    const parsed = storedSchema.safeParse(JSON.parse(raw));
    if (!parsed.success) return null;
    return { ...parsed.data, draft: parsed.data.draft as unknown as Draft };
  } catch {
    return null;
  }
}

export function forgetLocal(key: DraftKey, storage = localStorage): void {
  try {
    storage.removeItem(PREFIX + key);
  } catch {
    // nothing kept, nothing to remove
  }
}
