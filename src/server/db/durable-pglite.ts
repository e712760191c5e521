import 'server-only';
import { existsSync, fsyncSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
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
  const release = claimDataDir(dataDir);
  try {
    const client = await PGlite.create({
      ...options,
      fs: new DurableNodeFS(dataDir),
      startParams: [
        ...PGlite.defaultStartParams.filter((parameter) => parameter !== '-F'),
        // Emscripten's fdatasync() does nothing (only fsync reaches the file system): the WAL is synced with fsync.
        '-c',
        'wal_sync_method=fsync',
      ],
    });
    const close = client.close.bind(client);
    client.close = async () => {
      try {
        await close();
      } finally {
        release();
      }
    };
    return client;
  } catch (error) {
    release();
    throw error;
  }
}

/** Beside the data directory: the id of the process that has it open. */
export function dataDirLockFile(dataDir: string): string {
  return `${path.resolve(dataDir)}.lock`;
}

class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `Le dossier de données ${dataDir} est ouvert par le processus ${pid} (le site tourne ?) : un seul processus peut l'ouvrir.`,
    );
  }
}

/**
 * Marks the data directory as open by this process, or throws when another live process has it: PGlite has no
 * lock of its own (its postmaster.pid is a constant), and two processes on one directory corrupt it. A lock left
 * by a process that died (kill -9, crash) is taken over. Returns the release.
 */
function claimDataDir(dataDir: string): () => void {
  refuseDataDirInUse(dataDir);
  const file = dataDirLockFile(dataDir);
  writeFileSync(file, String(process.pid));
  return () => {
    if (lockHolder(file) === process.pid) rmSync(file, { force: true });
  };
}

/** Throws when another live process has the data directory open (what opening it would find). */
export function refuseDataDirInUse(dataDir: string): void {
  const holder = lockHolder(dataDirLockFile(dataDir));
  if (holder !== undefined && holder !== process.pid) throw new DataDirInUseError(dataDir, holder);
}

/** The live process named by a lock file, if any. */
export function lockHolder(file: string): number | undefined {
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: alive, owned by someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
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
