import 'server-only';
import { fsyncSync } from 'node:fs';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/**
 * PGlite on a data directory, with acknowledged writes on disk (docs/OPERATIONS.md, "Durability").
 *
 * As shipped, PGlite (0.5) never calls fsync: it starts PostgreSQL with `-F` (fsync off), and the Emscripten
 * file system it mounts over the data directory (NODEFS) has no `fsync` operation, so even with fsync on,
 * PostgreSQL's fsync of the WAL at commit reached nothing. A commit was in the kernel's page cache, not on disk:
 * an OS crash or a power cut could lose registrations and subscriptions answered as saved (a `kill -9` could not,
 * which is why the crash test passed). Traced with `strace -f -e trace=fsync,fdatasync` around an INSERT: none.
 *
 * Here PostgreSQL runs with fsync on (PGlite's start parameters without `-F`) and NODEFS gets an `fsync` that
 * calls the real one on the file's descriptor, so each commit waits for its WAL to be on disk, as PostgreSQL does
 * (`tests/integration/durability.test.ts` traces it).
 */
export async function openDurablePglite(dataDir: string, options: PGliteOptions = {}): Promise<PGlite> {
  return PGlite.create({
    ...options,
    fs: new DurableNodeFS(dataDir),
    startParams: [
      ...PGlite.defaultStartParams.filter((parameter) => parameter !== '-F'),
      // Emscripten's fdatasync() does nothing (only fsync reaches the file system): the WAL is synced with fsync.
      '-c',
      'wal_sync_method=fsync',
    ],
  });
}

/** The Emscripten stream of a file opened through NODEFS: `nfd` is the host's file descriptor. */
type NodeStream = { nfd?: number };
type EmscriptenModule = {
  NODEFS: { stream_ops: { fsync?: (stream: NodeStream) => number } };
  FS: { ErrnoError: new (errno: number) => Error };
};
/** EIO in Emscripten's errno numbering: PostgreSQL treats a failed fsync as fatal (it must not go on). */
const EMSCRIPTEN_EIO = 29;

class DurableNodeFS extends NodeFS {
  override async init(...args: Parameters<NodeFS['init']>): ReturnType<NodeFS['init']> {
    const result = await super.init(...args);
    const preRun = result.emscriptenOpts.preRun ?? [];
    result.emscriptenOpts.preRun = [
      (module: EmscriptenModule) => {
        // Before NodeFS's own preRun mounts NODEFS: every node it creates then shares these stream operations.
        module.NODEFS.stream_ops.fsync = (stream) => {
          if (stream.nfd === undefined) return 0;
          try {
            fsyncSync(stream.nfd);
            return 0;
          } catch {
            throw new module.FS.ErrnoError(EMSCRIPTEN_EIO);
          }
        };
      },
      ...(Array.isArray(preRun) ? preRun : [preRun]),
    ] as typeof preRun;
    return result;
  }
}
