import 'server-only';
import type { RateCell, RateColumn } from '../db/schema';

/**
 * The reference tables of "Chiffres et taux", each with the versions it had by effective date. Real published
 * values (finance acts, decrees, orders), kept to the ones whose figures are settled; the seed writes them as they
 * are, never from the clock.
 */

type SeedVersion = { effectiveFrom: string; source: string; rows: RateCell[][] };
type SeedTable = {
  id: string;
  title: string;
  topic: 'social' | 'fiscal' | 'affaires' | 'comptable' | 'patrimoine';
  description: string;
  columns: RateColumn[];
  chartColumn: string;
  versions: SeedVersion[];
};

const MILEAGE_COLUMNS: RateColumn[] = [
  { key: 'puissance', label: 'Puissance administrative' },
  { key: 'jusqua5000', label: 'Jusqu’à 5 000 km : d ×', unit: '€/km' },
  { key: 'coef20000', label: 'De 5 001 à 20 000 km : d ×', unit: '€/km' },
  { key: 'fixe20000', label: 'De 5 001 à 20 000 km : + montant fixe', unit: '€' },
  { key: 'auDela', label: 'Au-delà de 20 000 km : d ×', unit: '€/km' },
];

const INCOME_TAX_COLUMNS: RateColumn[] = [
  { key: 'tranche', label: 'Tranche' },
  { key: 'de', label: 'Revenu imposable par part, de', unit: '€' },
  { key: 'a', label: 'à', unit: '€' },
  { key: 'taux', label: 'Taux', unit: '%' },
];

const incomeTaxRows = (bounds: [number, number, number, number]): RateCell[][] => [
  ['Première tranche', 0, bounds[0], 0],
  ['Deuxième tranche', bounds[0] + 1, bounds[1], 11],
  ['Troisième tranche', bounds[1] + 1, bounds[2], 30],
  ['Quatrième tranche', bounds[2] + 1, bounds[3], 41],
  ['Cinquième tranche', bounds[3] + 1, null, 45],
];

const ceilingRows = (annual: number): RateCell[][] => [
  ['Année', annual],
  ['Trimestre', annual / 4],
  ['Mois', annual / 12],
];

const minimumWageRows = (hourly: number): RateCell[][] => [
  ['Horaire brut', hourly],
  ['Mensuel brut (35 heures, 151,67 heures)', Math.round(hourly * 151.67 * 100) / 100],
];

const SEED_RATE_TABLES: readonly SeedTable[] = [
  {
    id: 'bareme-kilometrique-voitures',
    title: 'Barème kilométrique des voitures',
    topic: 'fiscal',
    description:
      'Frais de véhicule déductibles par les salariés et dirigeants qui optent pour les frais réels, selon la puissance fiscale et la distance parcourue dans l’année (d).',
    columns: MILEAGE_COLUMNS,
    chartColumn: 'jusqua5000',
    versions: [
      {
        effectiveFrom: '2022-01-01',
        source:
          'Arrêté du 1er février 2022 fixant le barème forfaitaire des frais de véhicule (BOI-BAREME-000001)',
        rows: [
          ['3 CV et moins', 0.502, 0.3, 1007, 0.35],
          ['4 CV', 0.575, 0.323, 1262, 0.387],
          ['5 CV', 0.603, 0.339, 1320, 0.405],
          ['6 CV', 0.631, 0.355, 1382, 0.425],
          ['7 CV et plus', 0.661, 0.374, 1435, 0.446],
        ],
      },
      {
        effectiveFrom: '2023-01-01',
        source:
          'Barème revalorisé de 5,4 % pour les revenus de 2023, reconduit pour 2024 et 2025 (BOI-BAREME-000001)',
        rows: [
          ['3 CV et moins', 0.529, 0.316, 1065, 0.37],
          ['4 CV', 0.606, 0.34, 1330, 0.407],
          ['5 CV', 0.636, 0.357, 1395, 0.427],
          ['6 CV', 0.665, 0.374, 1457, 0.447],
          ['7 CV et plus', 0.697, 0.394, 1515, 0.47],
        ],
      },
    ],
  },
  {
    id: 'bareme-impot-revenu',
    title: 'Barème de l’impôt sur le revenu',
    topic: 'fiscal',
    description: 'Taux marginaux par tranche de revenu imposable pour une part de quotient familial.',
    columns: INCOME_TAX_COLUMNS,
    chartColumn: 'a',
    versions: [
      {
        effectiveFrom: '2024-01-01',
        source: 'Loi n° 2023-1322 du 29 décembre 2023 de finances pour 2024, art. 2 (revenus de 2023)',
        rows: incomeTaxRows([11_294, 28_797, 82_341, 177_106]),
      },
      {
        effectiveFrom: '2025-01-01',
        source: 'Loi n° 2025-127 du 14 février 2025 de finances pour 2025, art. 2 (revenus de 2024)',
        rows: incomeTaxRows([11_497, 29_315, 83_823, 180_294]),
      },
    ],
  },
  {
    id: 'smic',
    title: 'Salaire minimum de croissance (Smic)',
    topic: 'social',
    description: 'Montants bruts du Smic en métropole.',
    columns: [
      { key: 'montant', label: 'Montant' },
      { key: 'valeur', label: 'Valeur brute', unit: '€' },
    ],
    chartColumn: 'valeur',
    versions: [
      {
        effectiveFrom: '2024-01-01',
        source: 'Décret n° 2023-1216 du 20 décembre 2023 portant relèvement du salaire minimum de croissance',
        rows: minimumWageRows(11.65),
      },
      {
        effectiveFrom: '2024-11-01',
        source: 'Décret n° 2024-951 du 23 octobre 2024 portant relèvement du salaire minimum de croissance',
        rows: minimumWageRows(11.88),
      },
      {
        effectiveFrom: '2026-01-01',
        source: 'Décret du 19 décembre 2025 portant relèvement du salaire minimum de croissance',
        rows: minimumWageRows(12.02),
      },
    ],
  },
  {
    id: 'plafond-securite-sociale',
    title: 'Plafond de la sécurité sociale',
    topic: 'social',
    description: 'Plafond applicable aux rémunérations versées au cours de la période.',
    columns: [
      { key: 'periode', label: 'Période' },
      { key: 'plafond', label: 'Plafond', unit: '€' },
    ],
    chartColumn: 'plafond',
    versions: [
      {
        effectiveFrom: '2024-01-01',
        source: 'Arrêté du 19 décembre 2023 portant fixation du plafond de la sécurité sociale pour 2024',
        rows: ceilingRows(46_368),
      },
      {
        effectiveFrom: '2025-01-01',
        source: 'Arrêté du 19 décembre 2024 portant fixation du plafond de la sécurité sociale pour 2025',
        rows: ceilingRows(47_100),
      },
      {
        effectiveFrom: '2026-01-01',
        source: 'Arrêté du 22 décembre 2025 portant fixation du plafond de la sécurité sociale pour 2026',
        rows: ceilingRows(48_060),
      },
    ],
  },
  {
    id: 'taux-tva',
    title: 'Taux de TVA en France métropolitaine',
    topic: 'fiscal',
    description: 'Taux normal, intermédiaire, réduit et particulier de la taxe sur la valeur ajoutée.',
    columns: [
      { key: 'taux', label: 'Taux' },
      { key: 'valeur', label: 'Valeur', unit: '%' },
    ],
    chartColumn: 'valeur',
    versions: [
      {
        effectiveFrom: '2014-01-01',
        source: 'Code général des impôts, art. 278 à 281 nonies (loi n° 2012-1510 du 29 décembre 2012)',
        rows: [
          ['Taux normal', 20],
          ['Taux intermédiaire', 10],
          ['Taux réduit', 5.5],
          ['Taux particulier', 2.1],
        ],
      },
    ],
  },
  {
    id: 'impot-societes',
    title: 'Taux de l’impôt sur les sociétés',
    topic: 'fiscal',
    description: 'Taux normal et taux réduit des PME sur la première part du bénéfice.',
    columns: [
      { key: 'taux', label: 'Taux' },
      { key: 'valeur', label: 'Valeur', unit: '%' },
      { key: 'plafond', label: 'Bénéfice jusqu’à', unit: '€' },
    ],
    chartColumn: 'plafond',
    versions: [
      {
        effectiveFrom: '2022-01-01',
        source: 'Code général des impôts, art. 219 (loi n° 2017-1837 du 30 décembre 2017)',
        rows: [
          ['Taux normal', 25, null],
          ['Taux réduit des PME', 15, 38_120],
        ],
      },
      {
        effectiveFrom: '2023-01-01',
        source: 'Loi n° 2022-1726 du 30 décembre 2022 de finances pour 2023, art. 37',
        rows: [
          ['Taux normal', 25, null],
          ['Taux réduit des PME', 15, 42_500],
        ],
      },
    ],
  },
  {
    id: 'taux-interet-legal',
    title: 'Taux de l’intérêt légal',
    topic: 'affaires',
    description: 'Taux fixés chaque semestre, selon que le créancier est un particulier ou un professionnel.',
    columns: [
      { key: 'creancier', label: 'Créancier' },
      { key: 'taux', label: 'Taux', unit: '%' },
    ],
    chartColumn: 'taux',
    versions: [
      {
        effectiveFrom: '2024-01-01',
        source: 'Arrêté du 21 décembre 2023 relatif à la fixation du taux de l’intérêt légal',
        rows: [
          ['Particuliers', 8.01],
          ['Professionnels', 5.07],
        ],
      },
      {
        effectiveFrom: '2024-07-01',
        source: 'Arrêté du 21 juin 2024 relatif à la fixation du taux de l’intérêt légal',
        rows: [
          ['Particuliers', 8.16],
          ['Professionnels', 4.92],
        ],
      },
      {
        effectiveFrom: '2025-01-01',
        source: 'Arrêté du 23 décembre 2024 relatif à la fixation du taux de l’intérêt légal',
        rows: [
          ['Particuliers', 7.21],
          ['Professionnels', 3.71],
        ],
      },
      {
        effectiveFrom: '2025-07-01',
        source: 'Arrêté du 26 juin 2025 relatif à la fixation du taux de l’intérêt légal',
        rows: [
          ['Particuliers', 6.65],
          ['Professionnels', 2.76],
        ],
      },
    ],
  },
  {
    id: 'titres-restaurant',
    title: 'Titres-restaurant : limite d’exonération',
    topic: 'social',
    description:
      'Contribution patronale exonérée de cotisations sociales et d’impôt sur le revenu, par titre.',
    columns: [
      { key: 'limite', label: 'Limite' },
      { key: 'montant', label: 'Montant', unit: '€' },
    ],
    chartColumn: 'montant',
    versions: [
      {
        effectiveFrom: '2024-01-01',
        source: 'Code général des impôts, art. 81, 19° ; limite revalorisée pour 2024',
        rows: [['Contribution patronale exonérée par titre', 7.18]],
      },
      {
        effectiveFrom: '2025-01-01',
        source: 'Code général des impôts, art. 81, 19° ; limite revalorisée pour 2025',
        rows: [['Contribution patronale exonérée par titre', 7.26]],
      },
    ],
  },
  {
    id: 'seuils-micro-entreprise',
    title: 'Seuils du régime micro-entreprise',
    topic: 'fiscal',
    description: 'Chiffre d’affaires annuel hors taxes à ne pas dépasser pour relever du régime micro.',
    columns: [
      { key: 'activite', label: 'Activité' },
      { key: 'seuil', label: 'Seuil', unit: '€' },
    ],
    chartColumn: 'seuil',
    versions: [
      {
        effectiveFrom: '2020-01-01',
        source: 'Code général des impôts, art. 50-0 et 102 ter (seuils 2020 à 2022)',
        rows: [
          ['Vente de marchandises, hébergement', 176_200],
          ['Prestations de services, activités libérales', 72_600],
        ],
      },
      {
        effectiveFrom: '2023-01-01',
        source: 'Code général des impôts, art. 50-0 et 102 ter (seuils 2023 à 2025)',
        rows: [
          ['Vente de marchandises, hébergement', 188_700],
          ['Prestations de services, activités libérales', 77_700],
        ],
      },
    ],
  },
  {
    id: 'retraite-complementaire-agirc-arrco',
    title: 'Taux de cotisation Agirc-Arrco',
    topic: 'social',
    description: 'Taux de cotisation de retraite complémentaire, parts salariale et patronale réunies.',
    columns: [
      { key: 'tranche', label: 'Tranche' },
      { key: 'taux', label: 'Taux global', unit: '%' },
    ],
    chartColumn: 'taux',
    versions: [
      {
        effectiveFrom: '2019-01-01',
        source: 'Accord national interprofessionnel du 17 novembre 2017 instituant le régime Agirc-Arrco',
        rows: [
          ['Tranche 1 (jusqu’au plafond de la sécurité sociale)', 7.87],
          ['Tranche 2 (de 1 à 8 plafonds)', 21.59],
        ],
      },
    ],
  },
  {
    id: 'prelevement-forfaitaire-unique',
    title: 'Prélèvement forfaitaire unique',
    topic: 'patrimoine',
    description:
      'Imposition des revenus de capitaux mobiliers et des plus-values mobilières des particuliers.',
    columns: [
      { key: 'composante', label: 'Composante' },
      { key: 'taux', label: 'Taux', unit: '%' },
    ],
    chartColumn: 'taux',
    versions: [
      {
        effectiveFrom: '2018-01-01',
        source: 'Loi n° 2017-1837 du 30 décembre 2017 de finances pour 2018, art. 28',
        rows: [
          ['Impôt sur le revenu', 12.8],
          ['Prélèvements sociaux', 17.2],
          ['Total', 30],
        ],
      },
    ],
  },
  {
    id: 'franchise-tva',
    title: 'Franchise en base de TVA',
    topic: 'comptable',
    description:
      'Chiffre d’affaires de l’année civile précédente sous lequel une entreprise ne facture pas la TVA.',
    columns: [
      { key: 'activite', label: 'Activité' },
      { key: 'seuil', label: 'Seuil', unit: '€' },
      { key: 'majore', label: 'Seuil majoré', unit: '€' },
    ],
    chartColumn: 'seuil',
    versions: [
      {
        effectiveFrom: '2023-01-01',
        source: 'Code général des impôts, art. 293 B (seuils 2023 à 2025)',
        rows: [
          ['Livraisons de biens, hébergement', 91_900, 101_000],
          ['Prestations de services', 36_800, 39_100],
        ],
      },
    ],
  },
];

/** The rows of the three tables, as the seed inserts them. */
export function buildRateTables() {
  return {
    tables: SEED_RATE_TABLES.map(({ versions: _versions, ...table }) => table),
    versions: SEED_RATE_TABLES.flatMap((table) =>
      table.versions.map((version) => ({ tableId: table.id, ...version })),
    ),
  };
}
