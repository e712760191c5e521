import { z } from 'zod';
import type { StaffRole } from './staff-roles';

// The newsroom side of the rate tables: who may read and publish, the audit action, and the new version's body.
// `admin.ts` spreads the permissions and the action into its own lists (one guard, one audit log).

export const RATES_MINIMUM_ROLE = {
  'rates.read': 'redacteur',
  'rates.publish': 'editeur',
} as const satisfies Record<string, StaffRole>;

export const RATES_AUDIT_ACTIONS = ['rates.publish'] as const;

/** The most rows and columns a table may have: bounds the work of a publication and of every page. */
const RATE_TABLE_MAX_ROWS = 200;
const RATE_TABLE_MAX_COLUMNS = 20;

const cell = z.union([
  z.string().trim().max(200, 'une cellule a au plus 200 caractères'),
  z.number().finite(),
  z.null(),
]);

/** POST /api/admin/rates/{id}/versions: a new version, from its effective date on (never over an existing one). */
export const rateVersionCreateBody = z.object({
  effectiveFrom: z.iso.date('date d’effet invalide (AAAA-MM-JJ)'),
  source: z.string().trim().min(1, 'la base légale est obligatoire').max(500, 'au plus 500 caractères'),
  rows: z
    .array(z.array(cell).min(1).max(RATE_TABLE_MAX_COLUMNS), { error: 'lignes invalides' })
    .min(1, 'au moins une ligne')
    .max(RATE_TABLE_MAX_ROWS, `au plus ${RATE_TABLE_MAX_ROWS} lignes`),
});
export type RateVersionCreateBody = z.infer<typeof rateVersionCreateBody>;

/** A row whose values differ between two versions: its label and, per column, the old and new value. */
const rateRowDifference = z.object({
  label: z.string(),
  kind: z.enum(['added', 'removed', 'changed']),
  cells: z.array(z.object({ column: z.string(), before: z.unknown(), after: z.unknown() })),
});

/** GET /api/admin/rates/{id}: the table, its versions newest first, each with what changed from the one before. */
export const adminRateTableAnswer = z.object({
  id: z.string(),
  title: z.string(),
  columns: z.array(z.object({ key: z.string(), label: z.string(), unit: z.string().optional() })),
  followers: z.number().int(),
  versions: z.array(
    z.object({
      effectiveFrom: z.string(),
      source: z.string(),
      rows: z.array(z.array(z.union([z.string(), z.number(), z.null()]))),
      publishedAt: z.string(),
      differences: z.array(rateRowDifference),
    }),
  ),
});
export type AdminRateTableAnswer = z.infer<typeof adminRateTableAnswer>;

/** GET /api/admin/rates: the tables and their latest version. */
export const adminRateTableListAnswer = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      latestEffectiveFrom: z.string(),
      versionCount: z.number().int(),
    }),
  ),
});
export type AdminRateTableListAnswer = z.infer<typeof adminRateTableListAnswer>;
