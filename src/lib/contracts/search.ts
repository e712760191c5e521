import './zod-setup';
import { z } from 'zod';

/** How search results are ordered (query parameter `tri`): by relevance (default, left out of URLs) or newest first. */
export const SEARCH_SORTS = { relevance: 'pertinence', date: 'date' } as const;
export type SearchSort = (typeof SEARCH_SORTS)[keyof typeof SEARCH_SORTS];
export const SEARCH_SORT_VALUES = Object.values(SEARCH_SORTS) as [SearchSort, ...SearchSort[]];

/** Any other value of `tri` is relevance (a URL is never refused for it). */
export function parseSearchSort(value: string | undefined): SearchSort {
  return SEARCH_SORT_VALUES.find((sort) => sort === value) ?? SEARCH_SORTS.relevance;
}

/** Longest blocked phrase, and most entries, of the suggestion blocklist. */
export const BLOCKLIST_ENTRY_MAX = 60;
export const BLOCKLIST_MAX_ENTRIES = 2000;

/**
 * Body of PUT /api/admin/search/blocklist: the whole list of words or phrases never offered as suggestions (case
 * and accents ignored; a frequent search containing one of them as whole words is not suggested).
 */
export const searchBlocklistBody = z.object({
  entries: z
    .array(
      z
        .string({ error: 'chaque entrée doit être un texte' })
        .trim()
        .min(1, 'une entrée ne peut pas être vide')
        .max(BLOCKLIST_ENTRY_MAX, `une entrée fait au plus ${BLOCKLIST_ENTRY_MAX} caractères`),
      { error: 'entries doit être une liste de textes' },
    )
    .max(BLOCKLIST_MAX_ENTRIES, `au plus ${BLOCKLIST_MAX_ENTRIES} entrées`),
});
export type SearchBlocklistBody = z.infer<typeof searchBlocklistBody>;

/** Answer of GET and PUT /api/admin/search/blocklist: the list as stored (normalised, sorted, each once). */
export const searchBlocklistAnswer = z.object({ entries: z.array(z.string()) });
export type SearchBlocklistAnswer = z.infer<typeof searchBlocklistAnswer>;
