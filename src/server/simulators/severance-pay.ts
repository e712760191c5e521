import 'server-only';

/**
 * Indemnité légale de licenciement (Code du travail, art. L. 1234-9 and R. 1234-2 as amended by décret
 * n° 2017-1398 du 25 septembre 2017): a quarter of a month's salary per year of service up to ten years, a third
 * beyond; incomplete years count pro rata of complete months. Due from eight months of uninterrupted service.
 */
export const SEVERANCE_PAY_SOURCE = {
  title: 'Indemnité légale de licenciement',
  reference: 'Code du travail, articles L. 1234-9, R. 1234-2 et R. 1234-4',
  year: 2025,
  validity:
    'ces règles sont inchangées depuis le décret du 25 septembre 2017 ; la source a été vérifiée en 2025 et reste en vigueur.',
  url: 'https://www.service-public.fr/particuliers/vosdroits/F987',
} as const;

export const SEVERANCE_MIN_MONTHS = 8;
const YEARS_AT_FIRST_RATE = 10;
const FIRST_RATE = 1 / 4;
const LATER_RATE = 1 / 3;
const MONTHS_IN_YEAR = 12;

export type SeverancePayInput = {
  /** Complete years of service. */
  years: number;
  /** Complete months beyond the years (0 to 11). */
  months: number;
  /** Monthly gross salary of the last 12 months, averaged. */
  averageLast12Months: number;
  /** Monthly gross salary of the last 3 months, averaged (bonuses pro rata). */
  averageLast3Months: number;
};

export type SeverancePayResult = {
  eligible: boolean;
  /** The more favourable of the two averages (R. 1234-4). */
  referenceSalary: number;
  /** Amount in euros, to the cent. */
  amount: number;
};

export function computeSeverancePay(input: SeverancePayInput): SeverancePayResult {
  const referenceSalary = Math.max(input.averageLast12Months, input.averageLast3Months, 0);
  const totalMonths = Math.max(0, Math.trunc(input.years) * MONTHS_IN_YEAR + Math.trunc(input.months));
  if (totalMonths < SEVERANCE_MIN_MONTHS) return { eligible: false, referenceSalary, amount: 0 };
  const seniority = totalMonths / MONTHS_IN_YEAR;
  const firstPart = Math.min(seniority, YEARS_AT_FIRST_RATE) * FIRST_RATE;
  const laterPart = Math.max(0, seniority - YEARS_AT_FIRST_RATE) * LATER_RATE;
  const amount = Math.round(referenceSalary * (firstPart + laterPart) * 100) / 100;
  return { eligible: true, referenceSalary, amount };
}
