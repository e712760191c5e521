import * as z from 'zod/mini';

/**
 * The operations calls: health probes, the backup of this machine and the process's own revalidation. Their
 * callers are probes, scripts and the server itself, never the browser; the contract tests parse every answer.
 */

/** Answer of GET /api/health, /api/health/live and /api/health/ready, 200 (`Cache-Control: no-store`). */
export const healthy = z.object({ status: z.literal('ok') });

/** Answer of /api/health and /api/health/ready, 503: the database does not answer, or the process is stopping. */
export const unavailable = z.object({ status: z.literal('unavailable') });

export type HealthAnswer = z.infer<typeof healthy> | z.infer<typeof unavailable>;
export const HEALTH_UNAVAILABLE_STATUS = 503;

/** Answer of POST /api/revalidate, 200; anyone without the process's token gets the common 404. */
export const revalidated = z.object({ revalidated: z.literal(true) });
export type Revalidated = z.infer<typeof revalidated>;

/** GET /api/ops/backup to another host than this machine: 403, plain text. */
export const BACKUP_REFUSED_MESSAGE = 'Accès réservé à cette machine.';
export const backupRefused = z.literal(BACKUP_REFUSED_MESSAGE);

/** GET /api/ops/backup, 200: the backup as gzip-compressed JSON lines, an attachment of this name. */
export const BACKUP_CONTENT_TYPE = 'application/gzip';
export const BACKUP_FILE_NAME = 'la-quotidienne.jsonl.gz';

/**
 * A line of a backup (src/server/ops/backup.ts): the header first (format, version, the schema's migrations),
 * then per table a line naming it and its columns, then its rows in batches (`row_to_json` objects).
 */
export const backupLine = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('header'),
    format: z.string(),
    version: z.number(),
    createdAt: z.string(),
    migrations: z.array(z.string()),
  }),
  z.object({ kind: z.literal('table'), name: z.string(), columns: z.array(z.string()) }),
  z.object({ kind: z.literal('rows'), table: z.string(), rows: z.array(z.looseObject({})) }),
]);
export type BackupLine = z.infer<typeof backupLine>;
