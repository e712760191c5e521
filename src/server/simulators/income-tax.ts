import 'server-only';
import type { EmbedSource } from './embed-page';

/**
 * Impôt sur le revenu by year of taxation (the income of the year before): barème progressif par part (CGI art.
 * 197), plafonnement des effets du quotient familial and décote, as each year's finance law set them. Amounts
 * in euros; the tax is rounded to the euro as the administration does.
 */
export type IncomeTaxScale = {
  /** Lower bound of each bracket and its rate. */
  brackets: readonly { from: number; rate: number }[];
  /** Tax advantage of each half-share beyond the base shares (1 single, 2 couple). */
  quotientCapPerHalfShare: number;
  /** Décote: below the threshold the tax is reduced by (base - rate × tax). */
  decote: {
    single: { threshold: number; base: number };
    couple: { threshold: number; base: number };
    rate: number;
  };
  source: EmbedSource;
};

const SOURCE_URL =
  'https://www.impots.gouv.fr/particulier/questions/comment-calculer-mon-taux-dimposition-dapres-le-bareme-progressif-de-limpot';

const source = (year: number, law: string): EmbedSource => ({
  title: `Barème de l’impôt sur le revenu ${year} (revenus ${year - 1})`,
  reference: `Article 197 du Code général des impôts, ${law}`,
  year,
  url: SOURCE_URL,
});

/** Rates of the five brackets, unchanged since the 2015 finance law: each year moves the thresholds only. */
const BRACKET_RATES = [0, 0.11, 0.3, 0.41, 0.45] as const;
const DECOTE_RATE = 0.4525;

type Thresholds = readonly [number, number, number, number];
type Decote = readonly [threshold: number, base: number];
/** A year's figures: where the 11, 30, 41 and 45 % brackets start, the quotient cap, the single and couple décote. */
type YearFigures = readonly [thresholds: Thresholds, quotientCap: number, single: Decote, couple: Decote];

/** The figures the simulator knows, by year of taxation. */
const YEAR_FIGURES: Readonly<Record<number, YearFigures>> = {
  2023: [[10_777, 27_478, 78_570, 168_994], 1_678, [1_841, 833], [3_045, 1_378]],
  2024: [[11_294, 28_797, 82_341, 177_106], 1_759, [1_929, 873], [3_191, 1_444]],
  2025: [[11_497, 29_315, 83_823, 180_294], 1_791, [1_964, 889], [3_248, 1_470]],
};

/** The finance law that set each year's figures (its article 2). */
const FINANCE_LAWS: Readonly<Record<number, string>> = {
  2023: 'loi n° 2022-1726 du 30 décembre 2022',
  2024: 'loi n° 2023-1322 du 29 décembre 2023',
  2025: 'loi n° 2025-127 du 14 février 2025',
};

function yearScale(year: number, [thresholds, cap, single, couple]: YearFigures): IncomeTaxScale {
  return {
    brackets: BRACKET_RATES.map((rate, index) => ({
      from: index === 0 ? 0 : (thresholds[index - 1] ?? 0),
      rate,
    })),
    quotientCapPerHalfShare: cap,
    decote: {
      single: { threshold: single[0], base: single[1] },
      couple: { threshold: couple[0], base: couple[1] },
      rate: DECOTE_RATE,
    },
    source: source(year, `${FINANCE_LAWS[year]} de finances pour ${year}, art. 2`),
  };
}

/** The scales the simulator knows, by year of taxation. */
const INCOME_TAX_SCALES: Readonly<Record<number, IncomeTaxScale>> = Object.fromEntries(
  Object.entries(YEAR_FIGURES).map(([year, figures]) => [year, yearScale(Number(year), figures)]),
);

/** The latest year the simulator knows. */
export const LATEST_INCOME_TAX_YEAR = Math.max(...Object.keys(INCOME_TAX_SCALES).map(Number));

/** The scale of a year of taxation; the latest one for a year the simulator does not know (or none). */
export function incomeTaxScale(year?: number | null): IncomeTaxScale & { year: number } {
  const known = year != null && Object.hasOwn(INCOME_TAX_SCALES, year) ? year : LATEST_INCOME_TAX_YEAR;
  const scale = INCOME_TAX_SCALES[known];
  if (!scale) throw new Error(`no income tax scale for ${known}`);
  return { ...scale, year: known };
}

export type IncomeTaxInput = {
  /** Revenu net imposable of the household. */
  taxableIncome: number;
  /** Married or in a civil partnership, taxed jointly. */
  couple: boolean;
  /** Shares of quotient familial: 1 or 2 plus the dependants' shares (1.5, 2.5, 3, …). */
  shares: number;
};

export type IncomeTaxResult = {
  /** Tax from the barème with every share, before the cap. */
  grossTax: number;
  /** Tax after the cap of the quotient familial. */
  cappedTax: number;
  /** Whether the cap applied. */
  capApplied: boolean;
  decote: number;
  /** Net tax, rounded to the euro. */
  netTax: number;
  /** Marginal rate of the household's quotient. */
  marginalRate: number;
};

type Brackets = IncomeTaxScale['brackets'];

/** Tax for one share of a quotient. */
function taxPerShare(brackets: Brackets, quotient: number): number {
  let tax = 0;
  brackets.forEach((bracket, index) => {
    const upper = brackets[index + 1]?.from ?? Number.POSITIVE_INFINITY;
    if (quotient > bracket.from) tax += (Math.min(quotient, upper) - bracket.from) * bracket.rate;
  });
  return tax;
}

function applyScale(brackets: Brackets, income: number, shares: number): number {
  return taxPerShare(brackets, income / shares) * shares;
}

function marginalRateOf(brackets: Brackets, quotient: number): number {
  return [...brackets].reverse().find((bracket) => quotient > bracket.from)?.rate ?? 0;
}

/** Shares a household may hold: the base (1 or 2) plus half-shares. */
export function isValidShares(shares: number, couple: boolean): boolean {
  return Number.isInteger(shares * 2) && shares >= (couple ? 2 : 1) && shares <= 20;
}

/** The tax of a household under a year's scale (the latest one by default). */
export function computeIncomeTax(
  input: IncomeTaxInput,
  { brackets, quotientCapPerHalfShare, decote: decoteRules }: IncomeTaxScale = incomeTaxScale(),
): IncomeTaxResult {
  const income = Math.max(0, input.taxableIncome);
  const baseShares = input.couple ? 2 : 1;
  const shares = Math.max(baseShares, input.shares);
  const grossTax = applyScale(brackets, income, shares);
  const taxWithBaseShares = applyScale(brackets, income, baseShares);
  const extraHalfShares = (shares - baseShares) * 2;
  const cap = taxWithBaseShares - extraHalfShares * quotientCapPerHalfShare;
  const capApplied = cap > grossTax;
  const cappedTax = Math.round(capApplied ? cap : grossTax);
  const decoteRule = input.couple ? decoteRules.couple : decoteRules.single;
  const decote =
    cappedTax > 0 && cappedTax < decoteRule.threshold
      ? Math.min(cappedTax, Math.round(decoteRule.base - decoteRules.rate * cappedTax))
      : 0;
  return {
    grossTax: Math.round(grossTax),
    cappedTax,
    capApplied,
    decote,
    netTax: cappedTax - decote,
    marginalRate: marginalRateOf(brackets, income / shares),
  };
}
