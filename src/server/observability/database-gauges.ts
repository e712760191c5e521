import 'server-only';
import { openedDatabase } from '../db/client';
import { registerGauge } from './metrics';

/** Database pool gauges for /metrics: PGlite counts as one connection, always open once the database is. */
export function registerDatabaseGauges(): void {
  const stats = () => {
    const database = openedDatabase();
    if (!database) return undefined;
    return database.poolStats?.() ?? { total: 1, idle: 1, waiting: 0 };
  };
  registerGauge('db_pool_connections_total', () => stats()?.total);
  registerGauge('db_pool_connections_idle', () => stats()?.idle);
  registerGauge('db_pool_requests_waiting', () => stats()?.waiting);
  registerGauge('db_open', () => (openedDatabase() ? 1 : 0));
}
