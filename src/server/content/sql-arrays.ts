import 'server-only';
import { type SQL, sql } from 'drizzle-orm';

/** A PostgreSQL text[] literal of bound values, for the array operators (@>, &&) over indexed array columns. */
export function textArray(values: readonly string[]): SQL {
  return sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;
}
