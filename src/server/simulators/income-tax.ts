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

/** The scales the simulator knows, by year of taxation. */
export const INCOME_TAX_SCALES: Readonly<Record<number, IncomeTaxScale>> = {
  2023: {
    brackets: [
      { from: 0, rate: 0 },
      { from: 10_777, rate: 0.11 },
      { from: 27_478, rate: 0.3 },
      { from: 78_570, rate: 0.41 },
      { from: 168_994, rate: 0.45 },
    ],
    quotientCapPerHalfShare: 1_678,
    decote: {
      single: { threshold: 1_841, base: 833 },
      couple: { threshold: 3_045, base: 1_378 },
      rate: 0.4525,
    },
    source: source(2023, 'loi n° 2022-1726 du 30 décembre 2022 de finances pour 2023, art. 2'),
  },
  2024: {
    brackets: [
      { from: 0, rate: 0 },
      { from: 11_294, rate: 0.11 },
      { from: 28_797, rate: 0.3 },
      { from: 82_341, rate: 0.41 },
      { from: 177_106, rate: 0.45 },
    ],
    quotientCapPerHalfShare: 1_759,
    decote: {
      single: { threshold: 1_929, base: 873 },
      couple: { threshold: 3_191, base: 1_444 },
      rate: 0.4525,
    },
    source: source(2024, 'loi n° 2023-1322 du 29 décembre 2023 de finances pour 2024, art. 2'),
  },
  2025: {
    brackets: [
      { from: 0, rate: 0 },
      { from: 11_497, rate: 0.11 },
      { from: 29_315, rate: 0.3 },
      { from: 83_823, rate: 0.41 },
      { from: 180_294, rate: 0.45 },
    ],
    quotientCapPerHalfShare: 1_791,
    decote: {
      single: { threshold: 1_964, base: 889 },
      couple: { threshold: 3_248, base: 1_470 },
      rate: 0.4525,
    },
    source: source(2025, 'loi n° 2025-127 du 14 février 2025 de finances pour 2025, art. 2'),
  },
};

/** The latest year the simulator knows. */
export const LATEST_INCOME_TAX_YEAR = Math.max(...Object.keys(INCOME_TAX_SCALES).map(Number));

/** The scale of a year of taxation; the latest one for a year the simulator does not know (or none). */
export function incomeTaxScale(year?: number | null): IncomeTaxScale & { year: number } {
  const known = year != null && Object.hasOwn(INCOME_TAX_SCALES, year) ? year : LATEST_INCOME_TAX_YEAR;
  const scale = INCOME_TAX_SCALES[known];
  if (!scale) throw new Error(`no income tax scale for ${known}`);
  return { ...scale, year: known };
}

/** The source of the latest scale (catalog, pages without a year). */
export const INCOME_TAX_SOURCE = incomeTaxScale().source;

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
