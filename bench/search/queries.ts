/** The benchmark's searches (bench/search/run.ts), also compared engine against engine by same-answers.ts. */
import type { SelectedFacets } from '../../src/lib/params';
import { UR_TYPES, type UrType } from '../../src/server/search/types';

export type Query = { term: string; kind: string; selected?: SelectedFacets; urType?: UrType };

/** At least 50 French queries: common and rare words, accented or not, phrases, references, typos, facets. */
export const QUERIES: Query[] = [
  // Shares are those of the generated dataset (bench/search/vocabulary.ts): in more than 10 percent of documents.
  ...[
    'impôt',
    'impot',
    'société',
    'societe',
    'déclaration',
    'declaration',
    'salarié',
    'contrat',
    'travail',
    'taux',
    'entreprise',
    'droit',
    'TVA',
  ].map((term) => ({ term, kind: 'very common word' })),
  // 2 to 10 percent.
  ...['licenciement', 'rupture', 'succession', 'donation', 'télétravail', 'teletravail'].map((term) => ({
    term,
    kind: 'common word',
  })),
  // 0.3 to 2 percent.
  ...['copropriété', 'copropriete', 'rescrit', 'expropriation'].map((term) => ({
    term,
    kind: 'mid-frequency word',
  })),
  // Under 0.3 percent (a few hundred to a few thousand of the 1.1 million documents).
  ...[
    'anatocisme',
    'orthophoniste',
    'quasi-usufruit',
    'réversion',
    'géomètre',
    'fermage',
    'usufruit',
    'blockchain',
  ].map((term) => ({ term, kind: 'rare word' })),
  ...[
    '"prix de transfert"',
    '"rupture conventionnelle"',
    'impôt sur les sociétés',
    'taxe sur la valeur ajoutée',
    'heures supplémentaires',
    "crédit d'impôt",
    'contrôle fiscal rectification',
    'bail commercial loyer',
    'assurance-vie succession',
    'facturation électronique',
    '"plus-value" cession',
    'comité social et économique',
  ].map((term) => ({ term, kind: 'phrase or several words' })),
  ...['licenciment', 'sucession', 'copropiété', 'orthophonist'].map((term) => ({
    term,
    kind: 'misspelling',
  })),
  { term: 'zzyzxq', kind: 'no result' },
  { term: '', kind: 'empty term' },
  { term: 'impôt', kind: 'very common word + facets', selected: { matiere: ['Fiscal'] } },
  { term: 'société', kind: 'very common word + facets', selected: { date_zapette: ['2023'] } },
  {
    term: 'contrat',
    kind: 'very common word + facets',
    selected: { type_document: ['memento'], date_zapette: ['2024/03'] },
  },
  { term: 'salarié', kind: 'very common word + facets', selected: { metier: ['DRH'] } },
  { term: 'licenciement', kind: 'word + facets', selected: { abonnement: ['MSO'] } },
  { term: 'succession', kind: 'word + facets', selected: { theme_quot_zapette: ['Successions'] } },
  {
    term: 'donation',
    kind: 'word + facets',
    selected: { matiere: ['Patrimoine'], type_document: ['revue'] },
  },
  { term: 'usufruit', kind: 'rare word + facets', selected: { date_zapette: ['2020', '2021'] } },
  { term: 'impôt', kind: 'very common word, news only', urType: UR_TYPES.news },
  { term: 'impôt', kind: 'very common word, subscriber only', urType: UR_TYPES.subscriber },
];
