// The Node.js server's start (src/instrumentation.ts loads it only in that runtime): metrics, caches, the newsroom's
// first account and the background jobs. The request steps and the graceful stop are the server's own
// (scripts/serve.ts, src/server/http/pipeline.ts).

export async function registerNodeServer(): Promise<void> {
  await startTracingWhenConfigured();
  const { registerDatabaseGauges } = await import('./server/observability/database-gauges');
  const { enableSharedReads } = await import('./server/cache/shared-reads');
  const { batchSearchCounts } = await import('./server/search/query-counts');
  const { getDb } = await import('./server/db/client');
  enableSharedReads();
  batchSearchCounts(getDb);
  registerDatabaseGauges();
  await refreshCachesOnContentChanges();
  await prepareNewsroomAtStart();
  await startBackgroundJobs(getDb);
  await prepareSiteNewsroomAtStart();
}

/**
 * Newsroom: the first administrator from the environment, or a setup token in the log; TOTP secrets
 * stored in clear by an earlier version encrypted.
 */
async function prepareNewsroomAtStart(): Promise<void> {
  const { prepareNewsroom } = await import('./server/staff/bootstrap');
  const { refreshGoneArticles } = await import('./server/editorial/gone');
  const { sealStoredTotpSecrets } = await import('./server/staff/staff');
  const { logger } = await import('./server/log');
  const { getDb } = await import('./server/db/client');
  // The build never opens the database (ARCHITECTURE.md), even if it loads this hook to prerender.
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  const db = await getDb();
  await Promise.all([prepareNewsroom(db), refreshGoneArticles(db), sealStoredTotpSecrets(db)]).catch(
    (error: unknown) => logger.error({ err: error }, 'rédaction : préparation impossible'),
  );
}

/** Every instance runs the background jobs (e-mails, scheduled publications…): they claim them without overlap. */
async function startBackgroundJobs(getDb: () => Promise<import('./server/db/client').Db>): Promise<void> {
  // The build never opens the database (ARCHITECTURE.md), even if it loads this hook to prerender.
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  await import('./server/jobs/handlers');
  const { startJobRunner } = await import('./server/jobs/runner');
  startJobRunner({ getDb });
  // Accounts: the alert digests' next runs, queued once whatever the number of instances.
  const { scheduleAlertDigests } = await import('./server/accounts/alert-digests');
  await scheduleAlertDigests(await getDb()).catch(async (error: unknown) => {
    const { logger } = await import('./server/log');
    logger.error({ err: error }, 'Planification des alertes impossible');
  });
  // The personal agenda's reminders of the next day.
  const { scheduleAgendaReminders } = await import('./server/personal-agenda/reminders');
  await scheduleAgendaReminders(await getDb()).catch(async (error: unknown) => {
    const { logger } = await import('./server/log');
    logger.error({ err: error }, 'Planification des rappels d’agenda impossible');
  });
}

/**
 * Redirects, daily issue and newsletter: the redirects table in memory, the daily automatic newsletter queued at
 * NEWSLETTER_DAILY_SEND_TIME (or none), and the next working day's draft issue queued at ISSUE_DRAFT_TIME.
 */
async function prepareSiteNewsroomAtStart(): Promise<void> {
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  const { scheduleDailySend } = await import('./server/newsletter/campaigns');
  const { refreshRedirects } = await import('./server/taxonomy/redirects');
  const { scheduleDraftIssue } = await import('./server/daily-issue/issues');
  const { env } = await import('./server/env');
  const { logger } = await import('./server/log');
  const { getDb } = await import('./server/db/client');
  const db = await getDb();
  await Promise.all([
    refreshRedirects(db),
    scheduleDailySend(db, env().NEWSLETTER_DAILY_SEND_TIME),
    scheduleDraftIssue(db, env().ISSUE_DRAFT_TIME),
  ]).catch((error: unknown) => logger.error({ err: error }, 'rédaction du site : préparation impossible'));
}

/**
 * On PostgreSQL, other processes (the import, other instances' writers) change content while this server runs:
 * it listens for their announcements and refreshes its caches through its own `POST /api/revalidate`.
 */
async function refreshCachesOnContentChanges(): Promise<void> {
  const { env } = await import('./server/env');
  const config = env();
  const { listenForContentChanges, newRevalidateSecret, requestOwnRevalidation, setRevalidateSecret } =
    await import('./server/content/content-changes');
  // Set on both drivers: the newsroom's scheduled publications refresh this process's caches with it on PGlite.
  setRevalidateSecret(newRevalidateSecret());
  await noteKeptIsrPages();
  if (!config.DATABASE_URL) return;
  listenForContentChanges(config.DATABASE_URL, (tags) => {
    void requestOwnRevalidation(config.PORT, tags);
  });
}

/**
 * The ISR pages Next.js kept on disk before this start, noted before any request so that the first content change
 * refreshes only the pages it touches (src/server/cache/isr-copies-on-disk.ts). Unreadable: the first change
 * refreshes every ISR page, as it always may.
 */
async function noteKeptIsrPages(): Promise<void> {
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  const { noteIsrCopiesOnDisk } = await import('./server/cache/isr-copies-on-disk');
  const { buildDir } = await import('./server/lib/build-dir');
  const { logger } = await import('./server/log');
  await noteIsrCopiesOnDisk(buildDir()).then(
    (pages) => logger.info({ pages }, 'pages ISR gardées sur disque : notées'),
    (error: unknown) => logger.warn({ err: error }, 'pages ISR gardées sur disque illisibles'),
  );
}

/** OpenTelemetry traces (docs/OPERATIONS.md, "Traces") when a collector is configured; nothing is loaded otherwise. */
async function startTracingWhenConfigured(): Promise<void> {
  const { env } = await import('./server/env');
  const { OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_SERVICE_NAME } = env();
  if (!OTEL_EXPORTER_OTLP_ENDPOINT) return;
  const { startTracing } = await import('./server/observability/tracing-sdk');
  startTracing({ endpoint: OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: OTEL_SERVICE_NAME });
}
