// GET /api/ops/backup
import { PassThrough, Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import { BACKUP_CONTENT_TYPE, BACKUP_FILE_NAME, BACKUP_REFUSED_MESSAGE } from '@/lib/contracts/operations';
import { getDb } from '@/server/db/client';
import { logger } from '@/server/log';
import { isFromLoopback } from '@/server/observability/metrics-access';
import { BACKUP_ABANDONED_MESSAGE, BackupError, writeBackup } from '@/server/ops/backup';

export const dynamic = 'force-dynamic';

/**
 * A consistent backup of the running site's database, gzip-compressed JSON lines (src/server/ops/backup.ts), for
 * `npm run backup` on this machine only: on PGlite only the server process may open the data directory, so the
 * backup is made inside it. It holds every reader's personal data: never answered to another host, whatever it
 * presents (docs/OPERATIONS.md, "Backups").
 */
export async function GET(request: Request): Promise<Response> {
  if (!isFromLoopback(request)) {
    return new Response(BACKUP_REFUSED_MESSAGE, {
      status: 403,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  }
  const db = await getDb();
  const lines = new PassThrough();
  const gzip = createGzip();
  lines.pipe(gzip);
  // A client that goes away (its connection closed: the answer's stream is cancelled, which destroys gzip) ends the
  // backup at once: its transaction is released instead of waiting for a reader that will never come.
  const abandon = () => lines.destroy();
  gzip.once('close', abandon);
  request.signal.addEventListener('abort', abandon, { once: true });
  writeBackup(db, lines).then(
    (summary) => {
      logger.info({ tables: Object.keys(summary.tables).length }, 'sauvegarde écrite');
      lines.end();
    },
    (error: unknown) => {
      if (error instanceof BackupError && error.message === BACKUP_ABANDONED_MESSAGE) {
        logger.warn('sauvegarde abandonnée par son client');
        return;
      }
      logger.error({ err: error }, 'sauvegarde interrompue');
      // The client sees a broken transfer, never a truncated file that looks whole.
      gzip.destroy(error instanceof Error ? error : new Error(String(error)));
    },
  );
  return new Response(Readable.toWeb(gzip) as ReadableStream, {
    headers: {
      'Content-Type': BACKUP_CONTENT_TYPE,
      'Cache-Control': 'no-store',
      'Content-Disposition': `attachment; filename="${BACKUP_FILE_NAME}"`,
    },
  });
}
