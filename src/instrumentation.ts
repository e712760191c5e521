/** Runs once when the Next.js server starts: request logs, metrics and the graceful stop (Node.js runtime only). */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { instrumentHttpServers, handleStopSignals } = await import('./server/observability/http-server');
  const { registerDatabaseGauges } = await import('./server/observability/database-gauges');
  const { enableSharedReads } = await import('./server/cache/shared-reads');
  const { batchSearchCounts } = await import('./server/search/query-counts');
  const { getDb } = await import('./server/db/client');
  instrumentHttpServers();
  enableSharedReads();
  batchSearchCounts(getDb);
  registerDatabaseGauges();
  await refreshCachesOnContentChanges();
  await startBackgroundJobs(getDb);
  // Next's own SIGTERM handler exits as soon as the server closed, without closing the database: ours replaces it
  // when the start script turned it off.
  if (process.env.NEXT_MANUAL_SIG_HANDLE) handleStopSignals();
}

/** Every instance runs the background jobs (e-mails, scheduled publications…): they claim them without overlap. */
async function startBackgroundJobs(getDb: () => Promise<import('./server/db/client').Db>): Promise<void> {
  // The build never opens the database (ARCHITECTURE.md), even if it loads this hook to prerender.
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  await import('./server/jobs/handlers');
  const { startJobRunner } = await import('./server/jobs/runner');
  startJobRunner({ getDb });
  // Accounts (issue 19): the alert digests' next runs, queued once whatever the number of instances.
  const { scheduleAlertDigests } = await import('./server/accounts/alert-digests');
  await scheduleAlertDigests(await getDb()).catch(async (error: unknown) => {
    const { logger } = await import('./server/log');
    logger.error({ err: error }, 'Planification des alertes impossible');
  });
}

/**
 * On PostgreSQL, other processes (the import, other instances' writers) change content while this server runs:
 * it listens for their announcements and refreshes its caches through its own `POST /api/revalidate`.
 */
async function refreshCachesOnContentChanges(): Promise<void> {
  const { env } = await import('./server/env');
  const config = env();
  if (!config.DATABASE_URL) return;
  const { listenForContentChanges, newRevalidateSecret, setRevalidateSecret } = await import(
    './server/content/content-changes'
  );
  const { logger } = await import('./server/log');
  const secret = newRevalidateSecret();
  setRevalidateSecret(secret);
  listenForContentChanges(config.DATABASE_URL, () => {
    fetch(`http://127.0.0.1:${config.PORT}/api/revalidate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}` },
    }).then(
      (response) => logger.info({ status: response.status }, 'contenu modifié : caches rafraîchis'),
      (error: unknown) => logger.warn({ err: error }, 'rafraîchissement des caches impossible'),
    );
  });
}
