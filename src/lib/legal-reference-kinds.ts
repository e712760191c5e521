/**
 * The kinds of legal references (src/server/legal-references), in the order an article's "Textes cités" box
 * lists them, with their names: shared by the server and the reader components.
 */
export const REFERENCE_KIND_CODES = [
  'code',
  'bofip',
  'cass',
  'ce',
  'cjue',
  'cc',
  'loi',
  'decret',
  'ordonnance',
  'directive',
  'reglement',
] as const;
export type ReferenceKindCode = (typeof REFERENCE_KIND_CODES)[number];

export const REFERENCE_KIND_LABELS: Record<ReferenceKindCode, string> = {
  code: 'Articles de codes',
  bofip: 'BOFiP-Impôts',
  cass: 'Cour de cassation',
  ce: "Conseil d'État",
  cjue: "Cour de justice de l'Union européenne",
  cc: 'Conseil constitutionnel',
  loi: 'Lois',
  decret: 'Décrets',
  ordonnance: 'Ordonnances',
  directive: 'Directives européennes',
  reglement: 'Règlements européens',
};
