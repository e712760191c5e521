/**
 * Relevance judgements over the fixed test corpus (tests/support/search-corpus.ts): for each query, the one
 * document a reader expects. Plural and singular, stemming, accents typed or not, phrases, legal references and
 * misspellings. Used by tests/integration/search-relevance.test.ts and bench/search/relevance.ts.
 */
export const JUDGEMENTS: [query: string, expected: string][] = [
  // Plural typed, singular written: n01 says only « impôt ».
  ['impôts', 'n01'],
  ['impôt sur le revenu', 'n01'],
  ['impot revenu', 'n01'],
  ['barème', 'n01'],
  ['bareme progressif', 'n01'],
  ['societe', 'n03'],
  ['sociétés anonymes', 'n15'],
  ['société civile immobilière', 'n03'],
  ['"rupture conventionnelle"', 'n04'],
  ['ruptures conventionnelles', 'n04'],
  ['L. 1234-5', 'd02'],
  ['article L. 1233-5', 'n05'],
  ['licenciement économique', 'n05'],
  ['licenciment', 'n05'],
  ['faute grave', 'd08'],
  ['taux réduit TVA rénovation', 'n06'],
  ['taxe sur la valeur ajoutée immobilière', 'd05'],
  ['facture électronique', 'n07'],
  ['facturation electronique', 'n07'],
  ['bulletins de paie', 'n08'],
  ['fiche de paie', 'n08'],
  ['succession abattement', 'n09'],
  ['donation partage', 'n10'],
  ['crédit impôt recherche', 'n11'],
  ["credit d'impot recherche", 'n11'],
  ['teletravail', 'n12'],
  ['prix de transfert', 'n13'],
  ['bail commercial', 'n14'],
  ['loyers commerciaux', 'n14'],
  ['micro-foncier', 'n16'],
  ['revenus fonciers', 'n16'],
  ['heures supplémentaires', 'n17'],
  ['comptes annuels', 'n18'],
  ['Syntec', 'd03'],
  ['conventions collectives ingénieurs', 'd03'],
  ['statuts SASU', 'd04'],
  ['assurance vie', 'd07'],
  ['rectification contrôle fiscal', 'd06'],
  ['double imposition OCDE', 'd09'],
  ['comptabilité associations', 'd10'],
  ['impôt sur les sociétés taux', 'd01'],
  ['indemnité compensatrice de préavis', 'd02'],
  ['sucession', 'n09'],
];

/**
 * The mean nDCG@10 of result lists in JUDGEMENTS order: one relevant document per query (binary gain), so a query
 * scores 1 / log2(position + 1) when its document is at `position` (1-based) in the first ten, else 0.
 */
export function meanNdcgAt10(rankings: readonly (readonly string[])[]): number {
  const scores = JUDGEMENTS.map(([, expected], index) => {
    const position = (rankings[index] ?? []).slice(0, 10).indexOf(expected);
    return position < 0 ? 0 : 1 / Math.log2(position + 2);
  });
  return scores.reduce((sum, score) => sum + score, 0) / Math.max(1, scores.length);
}
