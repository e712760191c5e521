/**
 * What the PGlite global setup hands to the workers of the `integration-pglite` project (Vitest provide/inject,
 * scoped to that project).
 */
export type TestPglite = {
  /** The run's folder: per-file copies go here. */
  dir: string;
  /** The migrated PGlite data directory to copy. */
  template: string;
};

export const PGLITE_DIR_PREFIX = 'run-';

declare module 'vitest' {
  export interface ProvidedContext {
    testPglite: TestPglite | undefined;
  }
}
