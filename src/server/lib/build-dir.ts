import 'server-only';
import path from 'node:path';

/** The build folder Next.js serves from (`NEXT_DIST_DIR`, next.config.ts), read at run time. */
export function buildDir(): string {
  // Read at run time from the build folder: nothing for the bundler to trace (it would include the whole project).
  return path.join(/* turbopackIgnore: true */ process.cwd(), process.env.NEXT_DIST_DIR || '.next');
}
