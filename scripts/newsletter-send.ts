// npm run newsletter:send [-- --dry-run[=dossier] --batch-size=100]: sends the current daily issue to every
// confirmed newsletter subscriber over SMTP_URL, or writes .eml files with --dry-run. A thin call of the
// newsroom's campaign code (src/server/newsletter/campaign-sender.ts): it continues the campaign, so a
// run interrupted midway, started again with the same command, sends only to those who did not get it yet.
// Exit code 0 when every message went out, 1 otherwise (nothing to send, configuration, refused messages).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SingleBar } from 'cli-progress';
import { closeDatabase, getDatabase } from '@/server/db/client';
import { closeEmailTransports } from '@/server/email/transport';
import { env } from '@/server/env';
import { newsletterFrom } from '@/server/newsletter/campaigns';
import {
  DEFAULT_BATCH_SIZE,
  NothingToSendError,
  sendNewsletter,
} from '@/server/newsletter/sending/send-newsletter';

const USAGE = 'Usage : npm run newsletter:send -- [--dry-run[=dossier]] [--batch-size=N]';

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function main(): Promise<number> {
  let values: { 'dry-run'?: string | boolean; 'batch-size'?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        'dry-run': { type: 'string' },
        'batch-size': { type: 'string', default: String(DEFAULT_BATCH_SIZE) },
        help: { type: 'boolean', short: 'h' },
      },
      args: process.argv.slice(2).map((arg) => (arg === '--dry-run' ? '--dry-run=' : arg)),
    }));
  } catch (error) {
    console.error(`${describe(error)}\n${USAGE}`);
    return 1;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const batchSize = Number(values['batch-size']);
  if (!Number.isInteger(batchSize) || batchSize < 1) {
    console.error(`--batch-size doit être un entier positif.\n${USAGE}`);
    return 1;
  }
  const config = env();
  const dryRun = values['dry-run'];
  const dryRunDir =
    typeof dryRun === 'string'
      ? path.resolve(dryRun || path.join(config.DATA_DIR, 'newsletter-eml'))
      : undefined;
  const smtpUrl = config.SMTP_URL;
  if (!dryRunDir && !smtpUrl) {
    console.error('SMTP_URL manquant (smtp://utilisateur:motdepasse@hote:port), ou lancez avec --dry-run.');
    return 1;
  }
  const from = newsletterFrom(config);

  const database = await getDatabase();
  const bar = new SingleBar({
    format:
      'Envoi {bar} {percentage} % | {value}/{total} | envoyés {sent}, déjà reçus {skipped}, refusés {failed}',
    hideCursor: true,
  });
  let started = false;
  try {
    const report = await sendNewsletter(database.db, {
      smtpUrl,
      dryRunDir,
      from,
      siteUrl: config.SITE_URL,
      batchSize,
      onProgress: (progress) => {
        if (!started) bar.start(progress.total, 0, { sent: 0, skipped: 0, failed: 0 });
        started = true;
        bar.update(progress.done, progress);
      },
    });
    bar.stop();
    console.log(
      `${report.issueName} (${report.issueDate}) : ${report.sent} envoyé(s), ${report.skipped} déjà reçu(s), ${report.failed} refusé(s) sur ${report.total} abonné(s).`,
    );
    if (dryRunDir) console.log(`Messages écrits dans ${dryRunDir}`);
    for (const failure of report.failures) console.error(`  refusé : ${failure.email} (${failure.reason})`);
    return report.failed > 0 ? 1 : 0;
  } catch (error) {
    bar.stop();
    console.error(
      error instanceof NothingToSendError ? error.message : `Envoi impossible : ${describe(error)}`,
    );
    return 1;
  } finally {
    closeEmailTransports();
    await closeDatabase();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(describe(error));
    process.exit(1);
  },
);
