import { PATHS } from './constants';

/**
 * Rate tables read by date: the version in force on a day, a row's values across versions (its chart), and what
 * changed between two versions. Pure: the pages, the API and the newsroom share them.
 */

export type RateCellValue = string | number | null;
export type RateVersionLike = { effectiveFrom: string; rows: RateCellValue[][] };
export type RateColumnLike = { key: string; label: string; unit?: string | undefined };

/** The reader page of the tables, and of one table. */
export const RATE_TABLES_PATH = `${PATHS.rates}/tableaux`;
export function rateTablePath(id: string): string {
  return `${RATE_TABLES_PATH}/${id}`;
}

/** The version in force on a day (YYYY-MM-DD): the latest one effective on or before it; none before the first. */
export function versionAt<Version extends RateVersionLike>(
  versions: readonly Version[],
  day: string,
): Version | undefined {
  let found: Version | undefined;
  for (const version of versions) {
    if (version.effectiveFrom <= day && (!found || version.effectiveFrom > found.effectiveFrom))
      found = version;
  }
  return found;
}

/** The newest version: the values in force from its date on. */
export function latestVersion<Version extends RateVersionLike>(
  versions: readonly Version[],
): Version | undefined {
  return versionAt(versions, '9999-12-31');
}

/** A row is named by its first cell; a version's row of that name. */
function rowNamed(version: RateVersionLike, label: string): RateCellValue[] | undefined {
  return version.rows.find((row) => String(row[0]) === label);
}

/** A row's value in one column across versions, oldest first (versions without that row or number left out). */
export function rowSeries(
  versions: readonly RateVersionLike[],
  label: string,
  columnIndex: number,
): { effectiveFrom: string; value: number }[] {
  return [...versions]
    .sort((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom))
    .flatMap((version) => {
      const value = rowNamed(version, label)?.[columnIndex];
      return typeof value === 'number' ? [{ effectiveFrom: version.effectiveFrom, value }] : [];
    });
}

type RowDifference = {
  label: string;
  kind: 'added' | 'removed' | 'changed';
  cells: { column: string; before: RateCellValue; after: RateCellValue }[];
};

/** The rows that differ between two versions (by row name), each with its changed cells, in the newer order. */
export function diffVersions(
  columns: readonly RateColumnLike[],
  before: RateVersionLike | undefined,
  after: RateVersionLike,
): RowDifference[] {
  if (!before) return [];
  const differences: RowDifference[] = [];
  const cellsOf = (row: RateCellValue[] | undefined, other: RateCellValue[] | undefined) =>
    columns.slice(1).flatMap((column, offset) => {
      const index = offset + 1;
      const old = row?.[index] ?? null;
      const next = other?.[index] ?? null;
      return old === next ? [] : [{ column: column.label, before: old, after: next }];
    });
  for (const row of after.rows) {
    const label = String(row[0]);
    const previous = rowNamed(before, label);
    if (!previous) differences.push({ label, kind: 'added', cells: cellsOf(undefined, row) });
    else {
      const cells = cellsOf(previous, row);
      if (cells.length > 0) differences.push({ label, kind: 'changed', cells });
    }
  }
  for (const row of before.rows) {
    const label = String(row[0]);
    if (!rowNamed(after, label)) differences.push({ label, kind: 'removed', cells: cellsOf(row, undefined) });
  }
  return differences;
}

const NUMBER = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 3 });

/** A cell as readers see it: French number and its unit, a dash for nothing. */
export function formatRateCell(value: RateCellValue, unit?: string): string {
  if (value === null || value === '') return '–';
  if (typeof value === 'string') return value;
  const number = NUMBER.format(value).replace(/\u202f/g, '\u00a0');
  if (!unit) return number;
  return unit === '%' ? `${number}\u00a0%` : `${number}\u00a0${unit}`;
}
