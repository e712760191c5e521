import 'server-only';
import { stringify } from 'csv-stringify/sync';
import { versionAt } from '@/lib/rate-tables';
import type { RateTableWithHistory } from './tables';

/**
 * A table as CSV (RFC 4180: commas, dot decimals, a header row): one line per row and version, newest version
 * first, its effective date and legal basis in the first columns; with a day, only the version in force then.
 */
export function rateTableCsv(table: RateTableWithHistory, day?: string): string {
  const chosen = day ? versionAt(table.versions, day) : undefined;
  const versions = day ? (chosen ? [chosen] : []) : [...table.versions].reverse();
  const header = [
    'En vigueur depuis',
    'Base légale',
    ...table.columns.map((column) => (column.unit ? `${column.label} (${column.unit})` : column.label)),
  ];
  const lines = versions.flatMap((version) =>
    version.rows.map((row) => [version.effectiveFrom, version.source, ...row.map((cell) => cell ?? '')]),
  );
  return stringify([header, ...lines], { record_delimiter: '\r\n' });
}

/** The CSV download: its media type and a file name from the table's id. */
export function csvResponse(body: string, name: string): Response {
  return new Response(body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${name}.csv"`,
      'cache-control': 'public, max-age=300',
    },
  });
}
