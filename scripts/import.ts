// npm run import -- <fichier.ndjson> (or - for standard input): imports articles, one JSON object a line.
// Every line is checked first; one bad line and nothing is written. Exit code 0 on success, 1 otherwise.
import { open } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { SingleBar } from 'cli-progress';
import { importArticles } from '@/server/content/import';
import { closeDatabase, getDatabase } from '@/server/db/client';

const USAGE = "Usage : npm run import -- <fichier.ndjson>   (ou « - » pour lire l'entrée standard)";

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The source of the lines: the file (checked readable now, so a bad path is reported before the database is
 * opened) or standard input for "-". `lines()` must be iterated as soon as it is called: a line reader that is
 * left waiting loses the end of its input.
 */
async function openSource(
  path: string,
): Promise<{ lines: () => AsyncIterable<string>; close: () => Promise<void> }> {
  if (path === '-') {
    return {
      lines: () => createInterface({ input: process.stdin, crlfDelay: Infinity }),
      close: async () => {},
    };
  }
  const handle = await open(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') throw new Error(`Fichier introuvable : ${path}`);
    if (error.code === 'EACCES') throw new Error(`Fichier illisible (permission refusée) : ${path}`);
    throw new Error(`Impossible d'ouvrir ${path} : ${describe(error)}`);
  });
  if (!(await handle.stat()).isFile()) {
    await handle.close();
    throw new Error(`${path} n'est pas un fichier`);
  }
  return {
    lines: () => handle.readLines({ encoding: 'utf8', autoClose: false }),
    close: () => handle.close(),
  };
}

function plural(count: number, singular: string, several: string): string {
  return `${count} ${count > 1 ? several : singular}`;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const path = args[0];
  if (args.length !== 1 || path === undefined) {
    console.error(USAGE);
    return 1;
  }
  let source: Awaited<ReturnType<typeof openSource>>;
  try {
    source = await openSource(path);
  } catch (error) {
    console.error(describe(error));
    return 1;
  }
  const progress = process.stderr.isTTY
    ? new SingleBar({ format: 'Écriture {bar} {value}/{total} articles', stream: process.stderr })
    : null;
  try {
    const database = await getDatabase();
    const outcome = await importArticles(database.db, source.lines(), {
      onProgress: (written, total) => {
        if (written === 1) progress?.start(total, 0);
        progress?.update(written);
      },
    });
    progress?.stop();
    if (!outcome.ok) {
      for (const issue of outcome.issues) console.error(`ligne ${issue.line} : ${issue.reason}`);
      const lines = new Set(outcome.issues.map((issue) => issue.line)).size;
      console.error(
        `Import annulé : ${plural(lines, 'ligne en erreur', 'lignes en erreur')}, aucun article n'a été écrit.`,
      );
      return 1;
    }
    const total = outcome.inserted + outcome.updated;
    if (total === 0) {
      console.log('Aucun article à importer : le fichier est vide.');
      return 0;
    }
    console.log(
      `Import terminé : ${plural(outcome.inserted, 'article créé', 'articles créés')}, ${plural(outcome.updated, 'article mis à jour', 'articles mis à jour')}.`,
    );
    return 0;
  } catch (error) {
    progress?.stop();
    console.error(`Import annulé, aucun article n'a été écrit : ${describe(error)}`);
    return 1;
  } finally {
    await source.close();
    await closeDatabase();
  }
}

process.exitCode = await main();
