import 'server-only';

/**
 * Impôt sur le revenu 2025 (revenus de 2024): barème progressif par part (CGI art. 197, loi n° 2025-127 du
 * 14 février 2025 de finances pour 2025, art. 2), plafonnement des effets du quotient familial et décote.
 * Amounts in euros; the tax is rounded to the euro as the administration does.
 */
export const INCOME_TAX_SOURCE = {
  title: 'Barème de l’impôt sur le revenu 2025 (revenus 2024)',
  reference: 'Article 197 du Code général des impôts, loi de finances pour 2025',
  year: 2025,
  url: 'https://www.impots.gouv.fr/particulier/questions/comment-calculer-mon-taux-dimposition-dapres-le-bareme-progressif-de-limpot',
} as const;

/** Lower bound of each bracket and its rate. */
export const INCOME_TAX_BRACKETS: readonly { from: number; rate: number }[] = [
  { from: 0, rate: 0 },
  { from: 11_497, rate: 0.11 },
  { from: 29_315, rate: 0.3 },
  { from: 83_823, rate: 0.41 },
  { from: 180_294, rate: 0.45 },
];

/** Tax advantage of each half-share beyond the base shares (1 single, 2 couple), 2025. */
export const QUOTIENT_CAP_PER_HALF_SHARE = 1_791;
/** Décote: below the threshold the tax is reduced by (base - 45.25 % of the tax). */
export const DECOTE = {
  single: { threshold: 1_964, base: 889 },
  couple: { threshold: 3_248, base: 1_470 },
  rate: 0.4525,
} as const;

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

/** Tax for one share of a quotient. */
function taxPerShare(quotient: number): number {
  let tax = 0;
  INCOME_TAX_BRACKETS.forEach((bracket, index) => {
    const upper = INCOME_TAX_BRACKETS[index + 1]?.from ?? Number.POSITIVE_INFINITY;
    if (quotient > bracket.from) tax += (Math.min(quotient, upper) - bracket.from) * bracket.rate;
  });
  return tax;
}

function scale(income: number, shares: number): number {
  return taxPerShare(income / shares) * shares;
}

function marginalRateOf(quotient: number): number {
  return [...INCOME_TAX_BRACKETS].reverse().find((bracket) => quotient > bracket.from)?.rate ?? 0;
}

/** Shares a household may hold: the base (1 or 2) plus half-shares. */
export function isValidShares(shares: number, couple: boolean): boolean {
  return Number.isInteger(shares * 2) && shares >= (couple ? 2 : 1) && shares <= 20;
}

export function computeIncomeTax(input: IncomeTaxInput): IncomeTaxResult {
  const income = Math.max(0, input.taxableIncome);
  const baseShares = input.couple ? 2 : 1;
  const shares = Math.max(baseShares, input.shares);
  const grossTax = scale(income, shares);
  const taxWithBaseShares = scale(income, baseShares);
  const extraHalfShares = (shares - baseShares) * 2;
  const cap = taxWithBaseShares - extraHalfShares * QUOTIENT_CAP_PER_HALF_SHARE;
  const capApplied = cap > grossTax;
  const cappedTax = Math.round(capApplied ? cap : grossTax);
  const decoteRule = input.couple ? DECOTE.couple : DECOTE.single;
  const decote =
    cappedTax > 0 && cappedTax < decoteRule.threshold
      ? Math.min(cappedTax, Math.round(decoteRule.base - DECOTE.rate * cappedTax))
      : 0;
  return {
    grossTax: Math.round(grossTax),
    cappedTax,
    capApplied,
    decote,
    netTax: cappedTax - decote,
    marginalRate: marginalRateOf(income / shares),
  };
}
