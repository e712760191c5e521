import './zod-setup';
import * as zm from 'zod/mini';

// The reader side of the rate tables (GET /api/rates, GET /api/rates/{id}, following a table). Zod Mini: the
// follow button parses its answer in the browser.

const rateColumn = zm.object({ key: zm.string(), label: zm.string(), unit: zm.optional(zm.string()) });
const rateCell = zm.union([zm.string(), zm.number(), zm.null()]);

/** GET /api/rates: every table, with its page and the effective date of the values in force. */
export const rateTableListAnswer = zm.object({
  items: zm.array(
    zm.object({ id: zm.string(), title: zm.string(), path: zm.string(), effectiveFrom: zm.string() }),
  ),
});
export type RateTableListAnswer = zm.infer<typeof rateTableListAnswer>;

const rateVersion = zm.object({
  effectiveFrom: zm.string(),
  source: zm.string(),
  rows: zm.array(zm.array(rateCell)),
});

/** GET /api/rates/{id}: a table, its columns and every version, oldest first. */
export const rateTableAnswer = zm.object({
  id: zm.string(),
  title: zm.string(),
  path: zm.string(),
  description: zm.string(),
  columns: zm.array(rateColumn),
  chartColumn: zm.string(),
  versions: zm.array(rateVersion),
});
export type RateTableAnswer = zm.infer<typeof rateTableAnswer>;

/** A table id as its address carries it. */
export const rateTableId = zm
  .string({ error: 'Identifiant de tableau manquant.' })
  .check(zm.regex(/^[a-z0-9-]{1,80}$/, 'Identifiant de tableau invalide.'));

/** A calendar day, YYYY-MM-DD, that exists. */
const isoDay = zm
  .string()
  .check(
    zm.refine(
      (value) =>
        /^\d{4}-\d{2}-\d{2}$/.test(value) &&
        !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
        new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
      'Date invalide : le format attendu est AAAA-MM-JJ.',
    ),
  );

/** GET /api/rates/{id}?format=csv[&date=YYYY-MM-DD]: JSON by default, CSV on demand, one date's values or all. */
export const rateTableQuery = zm.object({
  format: zm.optional(zm.enum(['json', 'csv'], { error: 'format : json ou csv.' })),
  date: zm.optional(isoDay),
});

/** POST /api/account/rate-follows: follow (`following: true`) or stop following a table. */
export const rateFollowBody = zm.object({
  tableId: rateTableId,
  following: zm.pipe(
    zm.transform((value: unknown) => (value === 'true' ? true : value === 'false' ? false : value)),
    zm.boolean({ error: 'following doit valoir true ou false.' }),
  ),
});
export const rateFollowQuery = zm.object({ tableId: rateTableId });
export const rateFollowAnswer = zm.object({ tableId: zm.string(), following: zm.boolean() });
export type RateFollowAnswer = zm.infer<typeof rateFollowAnswer>;
