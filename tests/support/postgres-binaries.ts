import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Finds the PostgreSQL server binaries (initdb, postgres) used by the integration tests' throwaway cluster.
 * Plain Node code with no app imports: vitest.config.ts and scripts/test.ts load it too.
 *
 * Order: the folder named by PG_BIN, then the newest Debian install under /usr/lib/postgresql/<major>/bin,
 * then the folder holding `pg_config --bindir`-style binaries on the PATH.
 */
export type PostgresBinaries = { dir: string; initdb: string; postgres: string };

const DEBIAN_ROOT = '/usr/lib/postgresql';

function binariesIn(dir: string): PostgresBinaries | undefined {
  const initdb = path.join(dir, 'initdb');
  const postgres = path.join(dir, 'postgres');
  if (existsSync(initdb) && existsSync(postgres)) return { dir, initdb, postgres };
  return undefined;
}

export function findPostgresBinaries(): PostgresBinaries | undefined {
  const fromEnv = process.env.PG_BIN;
  if (fromEnv) return binariesIn(fromEnv);
  if (existsSync(DEBIAN_ROOT)) {
    const majors = readdirSync(DEBIAN_ROOT)
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    for (const major of majors) {
      const found = binariesIn(path.join(DEBIAN_ROOT, major, 'bin'));
      if (found) return found;
    }
  }
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const found = binariesIn(dir);
    if (found) return found;
  }
  return undefined;
}

/** CI must exercise both drivers; a developer's machine may lack PostgreSQL and then skips that run. */
export function postgresRunRequired(): boolean {
  const ci = process.env.CI;
  return ci !== undefined && ci !== '' && ci !== '0' && ci.toLowerCase() !== 'false';
}

const NOT_FOUND =
  'PostgreSQL server binaries not found (looked in $PG_BIN, /usr/lib/postgresql/*/bin and $PATH)';
const HOW_TO_INSTALL = 'Install them with `apt-get install postgresql` (.ci/run does).';

/** Printed when a local run skips the PostgreSQL pass. */
export const POSTGRES_MISSING_NOTICE = `${NOT_FOUND}: the integration tests on PostgreSQL are SKIPPED. ${HOW_TO_INSTALL} With CI=true this is an error.`;

/** Thrown when CI=true and the PostgreSQL pass cannot run. */
export const POSTGRES_REQUIRED_ERROR = `CI=true requires the integration tests on PostgreSQL too, but ${NOT_FOUND}. ${HOW_TO_INSTALL}`;
