/** Browser side of the review's Admin API calls: an article's notes, and the count of articles in review. */

import {
  type ReviewNoteBody,
  reviewNoteSchema,
  reviewNotesAnswer,
  reviewQueueAnswer,
} from '@/lib/contracts/review-newsroom';
import { adminCall } from '../admin';

const notesPath = (id: string) => `/articles/${encodeURIComponent(id)}/notes`;

export const listReviewNotes = (id: string, signal?: AbortSignal) =>
  adminCall(reviewNotesAnswer, notesPath(id), { signal });
export const addReviewNote = (id: string, body: ReviewNoteBody) =>
  adminCall(reviewNoteSchema, notesPath(id), { method: 'POST', json: body });
export const getReviewQueue = (signal?: AbortSignal) => adminCall(reviewQueueAnswer, '/review', { signal });
