/** A month of the French month table: complete name, abbreviation and two-digit value. */
export type Month = {
  /** 1 to 12. */
  readonly number: number;
  /** Two-digit value, as in archive paths: '01' to '12'. */
  readonly value: string;
  /** Complete French name, lowercase as French writes it: 'janvier'. */
  readonly name: string;
  /** Usual French abbreviation: 'janv.'. */
  readonly abbreviation: string;
};

const NAMES: readonly (readonly [name: string, abbreviation: string])[] = [
  ['janvier', 'janv.'],
  ['février', 'févr.'],
  ['mars', 'mars'],
  ['avril', 'avr.'],
  ['mai', 'mai'],
  ['juin', 'juin'],
  ['juillet', 'juil.'],
  ['août', 'août'],
  ['septembre', 'sept.'],
  ['octobre', 'oct.'],
  ['novembre', 'nov.'],
  ['décembre', 'déc.'],
];

/** The two-digit value of a month number: 3 -> '03'. */
export function monthValue(month: number): string {
  return String(month).padStart(2, '0');
}

/** The twelve months, January first. */
export const MONTHS: readonly Month[] = NAMES.map(([name, abbreviation], index) => ({
  number: index + 1,
  value: monthValue(index + 1),
  name,
  abbreviation,
}));

/** "mars 2026": a month and its year as French writes them in a sentence or a heading. */
export function monthYearLabel(year: number, month: number): string {
  return `${MONTHS[month - 1]?.name ?? ''} ${year}`;
}

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim().replace(/\.$/, '');
}

/**
 * The month named by a text: its complete name or abbreviation (case, accents and the abbreviation's dot
 * ignored: 'Février', 'fevrier', 'FÉVR.'), or its number written with one or two digits ('3', '03').
 * Undefined when the text names no month.
 */
export function findMonth(text: string): Month | undefined {
  const folded = fold(text);
  if (/^\d{1,2}$/.test(folded)) return MONTHS[Number(folded) - 1];
  return MONTHS.find((month) => fold(month.name) === folded || fold(month.abbreviation) === folded);
}
