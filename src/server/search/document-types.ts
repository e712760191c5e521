import 'server-only';

/**
 * The document types of the subscriber collections (spec section 3 "Document type labels"): the code stored in
 * `subscriber_documents.type_document` and its French label, in the order the search tabs and facets show them.
 */
export const DOCUMENT_TYPES = [
  { code: 'revue', label: 'Revues' },
  { code: 'documentation', label: 'Documentation experte' },
  { code: 'memento', label: 'Mémentos' },
  { code: 'code', label: 'Codes' },
  { code: 'base-connaissances', label: 'Base de connaissances' },
  { code: 'theme-express', label: 'Thèmes express' },
  { code: 'base-formulaires', label: 'Base de formulaires' },
  { code: 'ouvrage', label: 'Ouvrages' },
  { code: 'ocde', label: 'OCDE' },
  { code: 'formulaire', label: 'Formulaires' },
  { code: 'convention-collective', label: 'Conventions collectives' },
  { code: 'actualite', label: 'Actualités' },
  { code: 'actualite-enrichie', label: 'Actualités enrichies' },
] as const;

export type DocumentTypeCode = (typeof DOCUMENT_TYPES)[number]['code'];

const DOCUMENT_TYPE_LABELS: Readonly<Record<DocumentTypeCode, string>> = Object.fromEntries(
  DOCUMENT_TYPES.map(({ code, label }) => [code, label]),
) as Record<DocumentTypeCode, string>;

/** The French label of a document type code; the code itself when unknown. */
export function documentTypeLabel(code: string): string {
  return (DOCUMENT_TYPE_LABELS as Record<string, string>)[code] ?? code;
}
