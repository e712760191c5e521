/** Runs once when the Next.js server starts: request logs, metrics and the graceful stop (Node.js runtime only). */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { instrumentHttpServers, handleStopSignals } = await import('./server/observability/http-server');
  const { registerDatabaseGauges } = await import('./server/observability/database-gauges');
  const { enableSharedReads } = await import('./server/cache/shared-reads');
  instrumentHttpServers();
  enableSharedReads();
  registerDatabaseGauges();
  // Next's own SIGTERM handler exits as soon as the server closed, without closing the database: ours replaces it
  // when the start script turned it off.
  if (process.env.NEXT_MANUAL_SIG_HANDLE) handleStopSignals();
}
