import { z } from 'zod';
import type { StaffRole } from './staff-roles';

// Review in the newsroom: the notes editors leave on a draft for its author, and the count of articles waiting
// for review. `admin.ts` spreads the permissions and the action into its own lists (one guard, one audit log).

export const REVIEW_MINIMUM_ROLE = {
  /** Notes on an article: journalists on their own articles only (checked per article), editors on all. */
  'review.notes': 'redacteur',
  /** The count of articles in review in the newsroom's header. */
  'review.queue': 'editeur',
} as const satisfies Record<string, StaffRole>;

export const REVIEW_AUDIT_ACTIONS = ['article.note'] as const;

/** The longest note: a review remark, not a second article. */
export const REVIEW_NOTE_MAX_LENGTH = 2000;

/** POST /api/admin/articles/{id}/notes */
export const reviewNoteBody = z.strictObject({
  text: z
    .string({ error: 'la note doit être un texte' })
    .trim()
    .min(1, 'la note est vide')
    .max(REVIEW_NOTE_MAX_LENGTH, `une note a au plus ${REVIEW_NOTE_MAX_LENGTH} caractères`),
});
export type ReviewNoteBody = z.infer<typeof reviewNoteBody>;

export const reviewNoteSchema = z.object({
  id: z.number().int(),
  /** Null once the author's account is deleted. */
  author: z.nullable(z.object({ id: z.number().int(), name: z.string() })),
  text: z.string(),
  createdAt: z.string(),
});
export type ReviewNote = z.infer<typeof reviewNoteSchema>;

/** GET /api/admin/articles/{id}/notes: oldest first; `unread` counts the notes the article's author had not seen. */
export const reviewNotesAnswer = z.object({
  items: z.array(reviewNoteSchema),
  unread: z.number().int(),
});
export type ReviewNotesAnswer = z.infer<typeof reviewNotesAnswer>;

/**
 * GET /api/admin/review: how many articles wait for review (null for a caller who does not review), and how many
 * notes on the caller's own articles they have not read yet.
 */
export const reviewQueueAnswer = z.object({
  inReview: z.nullable(z.number().int()),
  unreadNotes: z.number().int(),
});
export type ReviewQueueAnswer = z.infer<typeof reviewQueueAnswer>;
