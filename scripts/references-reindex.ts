// npm run references:reindex: rebuilds the legal references table from every article and subscriber document,
// after a change of the detector (src/server/legal-references). One transaction: pages keep the old references
// until the new ones are all written. Exit code 0 on success, 1 otherwise.
import { closeDatabase, getDatabase } from '@/server/db/client';
import { reindexReferences } from '@/server/legal-references/storage';

async function main(): Promise<number> {
  const started = performance.now();
  try {
    const database = await getDatabase();
    const result = await reindexReferences(database.db);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Références juridiques reconstruites : ${result.references} références dans ${result.articles} articles et ${result.documents} documents (${seconds} s).`,
    );
    return 0;
  } catch (error) {
    console.error(`Reconstruction impossible : ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await closeDatabase();
  }
}

process.exitCode = await main();
