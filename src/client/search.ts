/**
 * Browser side of the search calls (spec section 7): suggestions for the header box and results for the
 * search page. Each call kind has its cancellation key, so a new request cancels the previous one; a cancelled
 * search logs 'Recheche annulée' (the spec's spelling) and answers null, as does a failed suggestion.
 */
import 'client-only';
import { SUGGEST_MIN_CHARS } from '@/lib/constants';
import type { SearchSuggestion } from '@/lib/contracts/search';
import { apiJson, isAbortError } from './http';

const searchSuggestions = async () => (await import('@/lib/contracts/search')).searchSuggestions;

const SUGGEST_KEY = 'search-suggest';

/** The spec's log line for a cancelled search, spelling kept. */
export const CANCELLED_SEARCH_MESSAGE = 'Recheche annulée';

/** True when the text is worth a search: it holds a character other than a space. */
export function isSubmittableSearch(text: string): boolean {
  return /\S/.test(text);
}

/** True when the typed text is long enough for suggestions (SUGGEST_MIN_CHARS characters, spaces trimmed). */
export function wantsSuggestions(text: string): boolean {
  return Array.from(text.trim()).length >= SUGGEST_MIN_CHARS;
}

/**
 * Suggestions for a typed text: [] below the threshold (no request), null when the call failed or was
 * cancelled by a newer one (the message is logged).
 */
export async function fetchSuggestions(term: string): Promise<SearchSuggestion[] | null> {
  if (!wantsSuggestions(term)) return [];
  try {
    return await apiJson('/search/suggest', searchSuggestions, { query: { term }, key: SUGGEST_KEY });
  } catch (error) {
    if (isAbortError(error)) console.info(CANCELLED_SEARCH_MESSAGE);
    else console.warn('Suggestions indisponibles', error);
    return null;
  }
}
