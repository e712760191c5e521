import 'server-only';
import { dayFromParts, longDate } from './calendar';
import { formatEuros } from './editorial';

/**
 * The figures-and-rates series (spec: "Chiffres et taux"): yearly, half-yearly or quarterly publications whose
 * values follow plausible trajectories. Demo values, not a reference.
 */

type RatesTopic = 'social' | 'fiscal' | 'affaires' | 'comptable' | 'patrimoine';

export type RatesItem = {
  day: number;
  topic: RatesTopic;
  thematic: string;
  title: string;
  summary: string;
  intro: string;
  head: readonly string[];
  rows: readonly (readonly string[])[];
  comment: string;
  source: string;
};

type Period = { year: number; part: number };

type Series = {
  topic: RatesTopic;
  thematic: string;
  /** 1: yearly, 2: half-yearly, 4: quarterly. */
  perYear: 1 | 2 | 4;
  /** Publication day of a period. */
  publishedOn: (period: Period) => number;
  /** The item of a period, published on `day`. */
  build: (period: Period, day: number) => Omit<RatesItem, 'day' | 'topic' | 'thematic'>;
};

const percent = (value: number, digits = 2) =>
  `${value.toLocaleString('fr-FR', { minimumFractionDigits: digits, maximumFractionDigits: digits })} %`;
const decimal = (value: number, digits = 2) =>
  value.toLocaleString('fr-FR', { minimumFractionDigits: digits, maximumFractionDigits: digits });

const ordinalPart = (part: number, perYear: number) =>
  perYear === 2
    ? part === 1
      ? '1er semestre'
      : '2nd semestre'
    : `${part === 1 ? '1er' : `${part}e`} trimestre`;

/** Annual social security ceiling: known values, then about 2 % a year. */
const PASS: Record<number, number> = {
  2015: 38_040,
  2016: 38_616,
  2017: 39_228,
  2018: 39_732,
  2019: 40_524,
  2020: 41_136,
  2021: 41_136,
  2022: 41_136,
  2023: 43_992,
  2024: 46_368,
  2025: 47_100,
};

function annualCeiling(year: number): number {
  const known = PASS[year];
  if (known !== undefined) return known;
  if (year < 2015) return PASS[2015] as number;
  return Math.round((annualCeiling(year - 1) * 1.02) / 12) * 12;
}

function minimumHourlyWage(year: number): number {
  const known: Record<number, number> = {
    2015: 9.61,
    2016: 9.67,
    2017: 9.76,
    2018: 9.88,
    2019: 10.03,
    2020: 10.15,
    2021: 10.25,
    2022: 10.57,
    2023: 11.27,
    2024: 11.65,
    2025: 11.88,
  };
  const value = known[year];
  if (value !== undefined) return value;
  return Math.round(minimumHourlyWage(year - 1) * 1.015 * 100) / 100;
}

/** A smooth, deterministic wave for market rates: low before 2022, higher after. */
function marketRate(year: number, part: number, perYear: number): number {
  const t = year + (part - 1) / perYear;
  if (t < 2022.5) return 0.6 + 0.3 * Math.sin(t * 1.7);
  return 2.4 + 1.6 * Math.sin((t - 2022.5) * 1.3) + 0.8;
}

const SERIES: readonly Series[] = [
  {
    topic: 'social',
    thematic: 'Cotisations sociales',
    perYear: 1,
    publishedOn: ({ year }) => dayFromParts(year - 1, 12, 20),
    build: ({ year }, day) => {
      const annual = annualCeiling(year);
      return {
        title: `Plafond de la sécurité sociale ${year}`,
        summary: `Le plafond annuel de la sécurité sociale est fixé à ${formatEuros(annual)} pour ${year}, soit ${formatEuros(annual / 12)} par mois.`,
        intro: `Le plafond de la sécurité sociale sert au calcul de nombreuses cotisations et de plusieurs limites d'exonération. Ses valeurs applicables du 1er janvier au 31 décembre ${year} sont les suivantes.`,
        head: ['Période', 'Montant'],
        rows: [
          ['Année', formatEuros(annual)],
          ['Trimestre', formatEuros(annual / 4)],
          ['Mois', formatEuros(annual / 12)],
          ['Quinzaine', formatEuros(annual / 24)],
          ['Semaine', formatEuros((annual / 12) * (12 / 52))],
          ['Jour', formatEuros(annual / 217.6)],
        ],
        comment: `Les employeurs doivent paramétrer ces valeurs dans leur logiciel de paie dès la première paie de ${year}.`,
        source: `Arrêté du ${longDate(day - 3)} portant fixation du plafond de la sécurité sociale`,
      };
    },
  },
  {
    topic: 'social',
    thematic: 'Rémunération',
    perYear: 1,
    publishedOn: ({ year }) => dayFromParts(year - 1, 12, 22),
    build: ({ year }, day) => {
      const hourly = minimumHourlyWage(year);
      return {
        title: `SMIC et minimum garanti au 1er janvier ${year}`,
        summary: `Le SMIC horaire brut s'établit à ${decimal(hourly)} € au 1er janvier ${year}, soit ${formatEuros(hourly * 151.67)} par mois pour 35 heures hebdomadaires.`,
        intro: `Le salaire minimum interprofessionnel de croissance est revalorisé chaque 1er janvier. Montants applicables en métropole à compter du 1er janvier ${year}.`,
        head: ['Élément', 'Montant'],
        rows: [
          ['SMIC horaire brut', `${decimal(hourly)} €`],
          ['SMIC mensuel brut (151,67 heures)', formatEuros(hourly * 151.67)],
          ['Minimum garanti', `${decimal(hourly * 0.3483)} €`],
        ],
        comment: 'Les minima conventionnels inférieurs au SMIC doivent être portés à son niveau.',
        source: `Décret ${year - 1}-${1200 + (year % 300)} du ${longDate(day - 2)}`,
      };
    },
  },
  {
    topic: 'social',
    thematic: 'Paie',
    perYear: 1,
    publishedOn: ({ year }) => dayFromParts(year, 1, 12),
    build: ({ year }) => {
      const factor = 1 + (year - 2015) * 0.017;
      return {
        title: `Frais professionnels : les allocations forfaitaires ${year}`,
        summary: `Les limites d'exonération des allocations forfaitaires de frais professionnels sont revalorisées pour ${year}.`,
        intro:
          'Les allocations forfaitaires sont réputées utilisées conformément à leur objet dans les limites suivantes.',
        head: ['Situation', "Limite d'exonération"],
        rows: [
          ['Repas sur le lieu de travail', `${decimal(6.3 * factor)} €`],
          ['Repas hors des locaux (non contraint)', `${decimal(9.3 * factor)} €`],
          ['Repas au restaurant lors d’un déplacement', `${decimal(19.1 * factor)} €`],
          ['Télétravail, par jour', `${decimal(2.6 * Math.min(factor, 1.05))} €`],
        ],
        comment:
          'Au-delà de ces limites, l’employeur doit justifier de l’utilisation effective des allocations.',
        source: `Arrêté du 20 décembre 2002 modifié ; Bulletin officiel de la sécurité sociale, ${year}`,
      };
    },
  },
  {
    topic: 'fiscal',
    thematic: 'Impôt sur le revenu',
    perYear: 1,
    publishedOn: ({ year }) => dayFromParts(year, 2, 18),
    build: ({ year }, day) => {
      const factor = 1 + Math.max(0, year - 2015) * 0.032;
      const rates = [0.41, 0.493, 0.543, 0.568, 0.595].map((rate) => rate * Math.min(factor, 1.29));
      return {
        title: `Barème kilométrique ${year}`,
        summary: `Le barème kilométrique applicable aux véhicules automobiles pour l'imposition des revenus de ${year - 1} est publié.`,
        intro:
          'Le barème permet d’évaluer les frais de déplacement des salariés qui optent pour les frais réels et les indemnités versées par les employeurs.',
        head: ['Puissance administrative', "Jusqu'à 5 000 km"],
        rows: ['3 CV et moins', '4 CV', '5 CV', '6 CV', '7 CV et plus'].map((power, index) => [
          power,
          `d × ${decimal(rates[index] ?? 0, 3)}`,
        ]),
        comment: 'Les montants sont majorés de 20 % pour les véhicules électriques.',
        source: `Arrêté du ${longDate(day - 4)}`,
      };
    },
  },
  {
    topic: 'fiscal',
    thematic: 'Impôt sur le revenu',
    perYear: 1,
    publishedOn: ({ year }) => dayFromParts(year, 1, 3),
    build: ({ year }) => {
      const factor = 1 + Math.max(0, year - 2015) * 0.018;
      const limits = [9_700, 26_791, 71_826, 152_108].map((limit) => Math.round(limit * factor));
      return {
        title: `Barème de l'impôt sur le revenu ${year}`,
        summary: `Le barème applicable aux revenus de ${year - 1} comprend cinq tranches, de 0 % à 45 %.`,
        intro: `Barème progressif applicable aux revenus perçus en ${year - 1}, pour une part de quotient familial.`,
        head: ['Fraction du revenu imposable', 'Taux'],
        rows: [
          [`Jusqu'à ${formatEuros(limits[0] ?? 0)}`, '0 %'],
          [`De ${formatEuros((limits[0] ?? 0) + 1)} à ${formatEuros(limits[1] ?? 0)}`, '11 %'],
          [`De ${formatEuros((limits[1] ?? 0) + 1)} à ${formatEuros(limits[2] ?? 0)}`, '30 %'],
          [`De ${formatEuros((limits[2] ?? 0) + 1)} à ${formatEuros(limits[3] ?? 0)}`, '41 %'],
          [`Au-delà de ${formatEuros(limits[3] ?? 0)}`, '45 %'],
        ],
        comment: 'Les limites des tranches sont revalorisées comme la hausse des prix hors tabac.',
        source: `Loi de finances pour ${year}`,
      };
    },
  },
  {
    topic: 'fiscal',
    thematic: 'Contrôle fiscal',
    perYear: 1,
    publishedOn: ({ year }) => dayFromParts(year, 1, 8),
    build: ({ year }) => ({
      title: `Intérêt de retard et majorations : les taux ${year}`,
      summary: `L'intérêt de retard dû en cas de paiement tardif de l'impôt est de ${year < 2018 ? '0,40 %' : '0,20 %'} par mois.`,
      intro: 'Taux des principales sanctions applicables en cas de retard ou d’insuffisance de déclaration.',
      head: ['Sanction', 'Taux'],
      rows: [
        ['Intérêt de retard (par mois)', year < 2018 ? '0,40 %' : '0,20 %'],
        ['Majoration pour dépôt tardif', '10 %'],
        ['Manquement délibéré', '40 %'],
        ['Manœuvres frauduleuses', '80 %'],
      ],
      comment:
        "L'intérêt de retard n'a pas le caractère d'une sanction : il répare le préjudice financier du Trésor.",
      source: 'CGI art. 1727 et 1729',
    }),
  },
  {
    topic: 'affaires',
    thematic: 'Contrats commerciaux',
    perYear: 2,
    publishedOn: ({ year, part }) =>
      part === 1 ? dayFromParts(year - 1, 12, 28) : dayFromParts(year, 6, 27),
    build: ({ year, part }, day) => {
      const base = marketRate(year, part, 2);
      return {
        title: `Taux de l'intérêt légal – ${ordinalPart(part, 2)} ${year}`,
        summary: `Le taux de l'intérêt légal est fixé à ${percent(base + 2.9)} pour les créances des particuliers et à ${percent(base)} dans les autres cas.`,
        intro: `Taux applicables au ${ordinalPart(part, 2)} ${year}.`,
        head: ['Créancier', 'Taux'],
        rows: [
          ['Personne physique n’agissant pas pour des besoins professionnels', percent(base + 2.9)],
          ['Autres créanciers', percent(base)],
        ],
        comment: 'Le taux est majoré de cinq points deux mois après une condamnation devenue exécutoire.',
        source: `Arrêté du ${longDate(day - 3)}`,
      };
    },
  },
  {
    topic: 'affaires',
    thematic: 'Baux commerciaux',
    perYear: 4,
    publishedOn: ({ year, part }) => dayFromParts(year, part * 3 + 3, 20),
    build: ({ year, part }, day) => {
      const t = year - 2015 + (part - 1) / 4;
      const value = 108.4 + t * 1.4 + (t > 7 ? (t - 7) * 3.1 : 0);
      return {
        title: `Indice des loyers commerciaux – ${ordinalPart(part, 4)} ${year}`,
        summary: `L'indice des loyers commerciaux du ${ordinalPart(part, 4)} ${year} s'établit à ${decimal(value)}.`,
        intro:
          "L'indice des loyers commerciaux sert de référence à la révision et à l'indexation des loyers des baux commerciaux.",
        head: ['Trimestre', 'Indice', 'Variation annuelle'],
        rows: [
          [
            `${ordinalPart(part, 4)} ${year}`,
            decimal(value),
            percent((value / (value - 1.4 - (t > 7 ? 3.1 : 0)) - 1) * 100),
          ],
        ],
        comment:
          'La variation annuelle est plafonnée à 3,5 % pour les petites et moyennes entreprises pendant la période de plafonnement.',
        source: `Insee, Informations rapides du ${longDate(day - 1)}`,
      };
    },
  },
  {
    topic: 'affaires',
    thematic: 'Droit bancaire',
    perYear: 4,
    publishedOn: ({ year, part }) => dayFromParts(year, (part - 1) * 3 + 1, 2),
    build: ({ year, part }, day) => {
      const base = marketRate(year, part, 4);
      return {
        title: `Taux d'usure – ${ordinalPart(part, 4)} ${year}`,
        summary: `Les seuils de l'usure applicables au ${ordinalPart(part, 4)} ${year} sont publiés.`,
        intro: 'Taux effectifs moyens et seuils de l’usure pour les principales catégories de prêts.',
        head: ['Catégorie de prêt', "Seuil de l'usure"],
        rows: [
          ['Prêts immobiliers à taux fixe de 20 ans et plus', percent(base + 2.2)],
          ['Prêts immobiliers à taux variable', percent(base + 2)],
          ['Prêts à la consommation de plus de 6 000 €', percent(base + 5.1)],
          ['Découverts en compte des personnes morales', percent(base + 10.8)],
        ],
        comment: 'Un prêt consenti à un taux supérieur au seuil de l’usure est usuraire.',
        source: `Avis relatif à l'application des articles L 314-6 du Code de la consommation, JO du ${longDate(day - 3)}`,
      };
    },
  },
  {
    topic: 'comptable',
    thematic: 'Audit et commissariat aux comptes',
    perYear: 1,
    publishedOn: ({ year }) => dayFromParts(year, 1, 20),
    build: ({ year }) => {
      const total = year >= 2024 ? 5 : 4;
      const turnover = year >= 2024 ? 10 : 8;
      return {
        title: `Seuils de désignation du commissaire aux comptes ${year}`,
        summary: `Une société doit désigner un commissaire aux comptes lorsqu'elle dépasse deux des trois seuils : ${total} M€ de total de bilan, ${turnover} M€ de chiffre d'affaires et 50 salariés.`,
        intro: 'Seuils appréciés à la clôture de l’exercice.',
        head: ['Critère', 'Seuil'],
        rows: [
          ['Total du bilan', `${total} M€`],
          ["Chiffre d'affaires hors taxes", `${turnover} M€`],
          ['Nombre moyen de salariés', '50'],
        ],
        comment:
          'La désignation reste possible à titre volontaire, notamment pour sécuriser une opération de financement.',
        source: 'C. com. art. L 823-2-2 et D 221-5',
      };
    },
  },
  {
    topic: 'comptable',
    thematic: 'Finance',
    perYear: 4,
    publishedOn: ({ year, part }) => dayFromParts(year, part * 3, 28),
    build: ({ year, part }) => {
      const rate = marketRate(year, part, 4) + 0.7;
      return {
        title: `Intérêts des comptes courants d'associés : taux maximal – ${ordinalPart(part, 4)} ${year}`,
        summary: `Le taux maximal de déduction des intérêts servis aux associés pour les exercices clos au ${ordinalPart(part, 4)} ${year} est de ${percent(rate)}.`,
        intro:
          'Taux moyen des prêts à taux variable aux entreprises d’une durée initiale supérieure à deux ans.',
        head: ['Exercices clos au cours du', 'Taux maximal'],
        rows: [[`${ordinalPart(part, 4)} ${year}`, percent(rate)]],
        comment:
          'Les intérêts excédentaires sont réintégrés et, le cas échéant, requalifiés en revenus distribués.',
        source: 'CGI art. 39, 1-3° et 212',
      };
    },
  },
  {
    topic: 'patrimoine',
    thematic: 'Démembrement de propriété',
    perYear: 1,
    publishedOn: ({ year }) => dayFromParts(year, 1, 15),
    build: ({ year }) => ({
      title: `Barème fiscal de l'usufruit et de la nue-propriété ${year}`,
      summary: "La valeur fiscale de l'usufruit dépend de l'âge de l'usufruitier au jour de la transmission.",
      intro: 'Barème applicable pour la liquidation des droits de mutation à titre gratuit.',
      head: ["Âge de l'usufruitier", 'Usufruit', 'Nue-propriété'],
      rows: [
        ['Moins de 21 ans', '90 %', '10 %'],
        ['Moins de 31 ans', '80 %', '20 %'],
        ['Moins de 41 ans', '70 %', '30 %'],
        ['Moins de 51 ans', '60 %', '40 %'],
        ['Moins de 61 ans', '50 %', '50 %'],
        ['Moins de 71 ans', '40 %', '60 %'],
        ['Moins de 81 ans', '30 %', '70 %'],
        ['Moins de 91 ans', '20 %', '80 %'],
        ['91 ans et plus', '10 %', '90 %'],
      ],
      comment:
        "L'usufruit temporaire est évalué à 23 % de la valeur de la propriété entière par période de dix ans.",
      source: 'CGI art. 669',
    }),
  },
  {
    topic: 'patrimoine',
    thematic: 'Épargne retraite',
    perYear: 1,
    publishedOn: ({ year }) => dayFromParts(year, 1, 25),
    build: ({ year }) => {
      const ceiling = annualCeiling(year - 1);
      return {
        title: `Plafonds de déduction de l'épargne retraite ${year}`,
        summary: `Le plafond de déduction des versements sur un plan d'épargne retraite atteint ${formatEuros(ceiling * 0.8)} pour les revenus de ${year}.`,
        intro: `Plafonds calculés à partir du plafond annuel de la sécurité sociale de ${year - 1} (${formatEuros(ceiling)}).`,
        head: ['Plafond', 'Montant'],
        rows: [
          ['Plancher (10 % du PASS)', formatEuros(ceiling * 0.1)],
          ['Plafond maximal (10 % de 8 PASS)', formatEuros(ceiling * 0.8)],
          [
            'Travailleurs non salariés : plafond Madelin maximal',
            formatEuros(ceiling * 8 * 0.15 + ceiling * 0.8 * 0.1),
          ],
        ],
        comment: 'Les plafonds non utilisés des trois années précédentes peuvent être reportés.',
        source: 'CGI art. 163 quatervicies',
      };
    },
  },
];

/** Every publication of every series between fromDay and toDay, in date order. */
export function ratesItems(fromDay: number, toDay: number, firstYear: number, lastYear: number): RatesItem[] {
  const items: RatesItem[] = [];
  for (const series of SERIES) {
    for (let year = firstYear; year <= lastYear + 1; year += 1) {
      for (let part = 1; part <= series.perYear; part += 1) {
        const day = series.publishedOn({ year, part });
        if (day < fromDay || day > toDay) continue;
        items.push({
          day,
          topic: series.topic,
          thematic: series.thematic,
          ...series.build({ year, part }, day),
        });
      }
    }
  }
  return items.sort((a, b) => a.day - b.day);
}
