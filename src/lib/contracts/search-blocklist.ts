import { z } from 'zod';

// Apart from the search contract (search.ts): the header search loads that one in the browser on every reader
// page, and this administrators' call is written with the full Zod.

/** Longest blocked phrase, and most entries, of the suggestion blocklist. */
const BLOCKLIST_ENTRY_MAX = 60;
const BLOCKLIST_MAX_ENTRIES = 2000;

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

/** Answer of GET and PUT /api/admin/search/blocklist: the list as stored (normalised, sorted, each once). */
const searchBlocklistAnswer = z.object({ entries: z.array(z.string()) });
export type SearchBlocklistAnswer = z.infer<typeof searchBlocklistAnswer>;
