import { z } from 'zod';
import { REFERENCE_KIND_CODES, type ReferenceKindCode } from '../legal-reference-kinds';

// The newsroom's detection call (POST /api/admin/references/detect), written with the full Zod like the other
// staff-only contracts: reader pages never load it.

/** Longest text the detection call reads (a long article's plain text is about 60,000 characters). */
const DETECT_TEXT_MAX_LENGTH = 300_000;

export const detectReferencesBody = z.object({
  text: z
    .string({ error: 'text doit être un texte' })
    .max(DETECT_TEXT_MAX_LENGTH, `le texte fait au plus ${DETECT_TEXT_MAX_LENGTH} caractères`),
});

const detectedReference = z.object({
  kind: z.enum(REFERENCE_KIND_CODES),
  /** Canonical key: "code:code-du-travail:l1233-3", "bofip:BOI-TVA-CHAMP-10-10-10", "cass:23-12.345"… */
  key: z.string(),
  /** Its name for a reader: "Article L. 1233-3 du Code du travail". */
  label: z.string(),
  /** The text as written. */
  display: z.string(),
  /** The official source (Légifrance, BOFiP, Conseil constitutionnel, curia, EUR-Lex). */
  url: z.string(),
  /** Our page for it (/textes/…). */
  path: z.string(),
  start: z.number().int(),
  end: z.number().int(),
  range: z.enum(['from', 'to']).optional(),
});

/** What looks like a reference but could not be resolved ("article 39 du C.", "L. 1233-3" without its code). */
const unresolvedReference = z.object({ display: z.string(), start: z.number().int(), end: z.number().int() });

export const detectReferencesAnswer = z.object({
  references: z.array(detectedReference),
  unresolved: z.array(unresolvedReference),
});
export type DetectReferencesAnswer = z.infer<typeof detectReferencesAnswer>;

// Reader pages (server-rendered; types only, nothing of this module reaches the browser).

/** A reference as pages show it: its name, the official source and our page for it. */
export type ReferenceLink = {
  kind: ReferenceKindCode;
  key: string;
  label: string;
  url: string;
  path: string;
};

/** A news or subscriber document citing a text. */
export type CitingDocument = {
  corpus: 'article' | 'document';
  id: string;
  title: string;
  summary: string;
  url: string;
  /** ISO instant. */
  publishedAt: string;
  /** The citation as written in it (its first occurrence). */
  display: string;
};

/** A text's page: the text, and one page of what we published citing it, newest first. */
export type TextPageData = {
  reference: ReferenceLink;
  total: number;
  page: number;
  pageCount: number;
  documents: CitingDocument[];
};
