// Newsletter campaign benchmark (issue 18): N confirmed subscribers, one campaign sent by the job runner to a
// local SMTP sink, the sending process killed with SIGKILL midway and a second one started; then it checks that
// every subscriber received the message and how many received it twice, and records messages per second and the
// sender's memory over the run in bench/results/newsletter-<driver>-<date>.json.
//
//   node_modules/.bin/node --conditions=react-server --import tsx bench/newsletter/run.ts \
//     [--recipients 100000] [--kill-at 0.5] [--driver pglite|postgres]
//
// Baseline, measured in the same run against the same sink: the bare SMTP pool (nodemailer, the same settings as
// the app's transport) sending the same message as fast as it can, with no database; the campaign's own rate is
// compared with it. The campaign runs with NEWSLETTER_RATE_PER_SECOND=10000 (no throttle) to measure capacity.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { findPostgresBinaries } from '../../tests/support/postgres-binaries';
import { type PostgresCluster, startPostgresCluster } from '../../tests/support/postgres-cluster';

const { values } = parseArgs({
  options: {
    recipients: { type: 'string', default: '100000' },
    'kill-at': { type: 'string', default: '0.5' },
    driver: { type: 'string', default: 'pglite' },
    'baseline-messages': { type: 'string', default: '10000' },
  },
});
const RECIPIENTS = Number(values.recipients);
const KILL_AT = Number(values['kill-at']);
const DRIVER = values.driver === 'postgres' ? 'postgres' : 'pglite';
const BASELINE_MESSAGES = Number(values['baseline-messages']);
const DAY = '2026-11-20';
const NODE = path.resolve('node_modules/.bin/node');

// ---------------------------------------------------------------------------------------------------------
// The SMTP sink: counts the messages each recipient received, and when.

const received = new Map<string, number>();
let receivedTotal = 0;
const arrivals: number[] = [];
const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  size: 10 * 1024 * 1024,
  closeTimeout: 1_000,
  onData(stream, session, callback) {
    stream.on('data', () => {});
    stream.on('end', () => {
      for (const rcpt of session.envelope.rcptTo) {
        received.set(rcpt.address, (received.get(rcpt.address) ?? 0) + 1);
        receivedTotal += 1;
      }
      arrivals.push(Date.now());
      callback();
    });
  },
});
await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
const smtpPort = (sink.server.address() as { port: number }).port;
const SMTP_URL = `smtp://127.0.0.1:${smtpPort}`;

const workDir = mkdtempSync(path.join(os.tmpdir(), 'newsletter-bench-'));
let cluster: PostgresCluster | undefined;
const baseEnv: Record<string, string> = {
  ...(process.env as Record<string, string>),
  SMTP_URL,
  SITE_URL: 'https://www.example.test',
  NEWSLETTER_FROM: 'La Quotidienne <newsletter@example.test>',
  NEWSLETTER_RATE_PER_SECOND: '10000',
  LOG_LEVEL: 'warn',
  APP_ENV: 'test',
};
if (DRIVER === 'postgres') {
  const binaries = findPostgresBinaries();
  if (!binaries) throw new Error('PostgreSQL introuvable (apt-get install postgresql)');
  cluster = await startPostgresCluster(binaries);
  const admin = new (await import('pg')).default.Client({ connectionString: cluster.url() });
  await admin.connect();
  await admin.query('create database bench');
  await admin.end();
  baseEnv.DATABASE_URL = cluster.url('bench');
} else {
  baseEnv.DATA_DIR = path.join(workDir, 'data');
  delete baseEnv.DATABASE_URL;
}
Object.assign(process.env, baseEnv);

const loadBefore = os.loadavg();

// ---------------------------------------------------------------------------------------------------------
// Seed: the subscribers, an issue, a campaign queued through the newsroom's own functions.

const { getDatabase, closeDatabase } = await import('@/server/db/client');
const { sql } = await import('drizzle-orm');
const { createCampaign, sendCampaign } = await import('@/server/newsletter/campaigns');
const { getIssueByDate } = await import('@/server/daily-issue/daily-issue');
const { buildNewsletterEmail } = await import('@/server/newsletter/sending/newsletter-email');

const seedStarted = performance.now();
const database = await getDatabase();
await database.db.execute(sql`insert into newsletter_subscribers (email)
  select 'abonne' || lpad(i::text, 6, '0') || '@bench.test' from generate_series(1, ${RECIPIENTS}) i`);
await database.db.execute(sql`insert into articles (id, type, slug, title, summary, publication_date, topics)
  select 'b' || i, 'actualite', 'actualite-b' || i, 'Actualité de banc d''essai numéro ' || i,
    'Le résumé de l''actualité ' || i || ', tel qu''il part dans la newsletter.', now() - make_interval(mins => i),
    '[{"label":"Fiscal","slug":"fiscal","id":"EBX:EFL_Themes:Fiscal","shortId":"F"}]'::jsonb
  from generate_series(1, 12) i`);
await database.db.execute(sql`insert into daily_issues (issue_name, publication_date, redacteur_chef, comite_redaction)
  values ('La Quotidienne du vendredi 20 novembre 2026', ${DAY}, 'Claire Martin', 'Paul Durand, Inès Roux')`);
await database.db.execute(sql`insert into daily_issue_articles (issue_id, article_id, position)
  select (select id from daily_issues where publication_date = ${DAY}), 'b' || i, i - 1 from generate_series(1, 12) i`);
const campaign = await createCampaign(database.db, null, DAY);
await sendCampaign(database.db, null, campaign.id);
const issue = await getIssueByDate(database.db, DAY);
if (!issue) throw new Error('numéro absent');
const sample = buildNewsletterEmail(issue, 'abonne000001@bench.test', baseEnv.SITE_URL as string);
await closeDatabase();
const seedSeconds = (performance.now() - seedStarted) / 1_000;
console.log(`Préparé : ${RECIPIENTS} abonnés, campagne ${campaign.id} (${seedSeconds.toFixed(1)} s)`);

// ---------------------------------------------------------------------------------------------------------
// Baseline: the bare SMTP pool, no database.

async function baseline(): Promise<{ messages: number; seconds: number; perSecond: number }> {
  const transport = nodemailer.createTransport({ pool: true, url: SMTP_URL, maxConnections: 2 });
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < BASELINE_MESSAGES) {
      next += 1;
      await transport.sendMail({ from: baseEnv.NEWSLETTER_FROM, ...sample, to: 'baseline@bench.test' });
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  transport.close();
  const seconds = (performance.now() - started) / 1_000;
  return { messages: BASELINE_MESSAGES, seconds, perSecond: BASELINE_MESSAGES / seconds };
}
const baselineResult = await baseline();
received.delete('baseline@bench.test');
receivedTotal = 0;
arrivals.length = 0;
console.log(`Référence (SMTP seul) : ${baselineResult.perSecond.toFixed(0)} messages/s`);

// ---------------------------------------------------------------------------------------------------------
// The campaign: a worker killed with SIGKILL at KILL_AT of the recipients, then a second one.

type MemorySample = { t: number; rss: number; heapUsed: number };

function startWorker(extra: string[]): {
  child: ReturnType<typeof spawn>;
  memory: MemorySample[];
  exited: Promise<number | null>;
} {
  const memory: MemorySample[] = [];
  const child = spawn(
    NODE,
    [
      '--conditions=react-server',
      '--import',
      'tsx',
      'bench/newsletter/worker.ts',
      String(campaign.id),
      ...extra,
    ],
    { env: baseEnv as NodeJS.ProcessEnv, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let buffer = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      try {
        const parsed = JSON.parse(line) as Partial<MemorySample>;
        if (typeof parsed.rss === 'number') memory.push(parsed as MemorySample);
      } catch {
        // a log line
      }
    }
  });
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code: number | null) => resolve(code)),
  );
  return { child, memory, exited };
}

const first = startWorker([]);
const firstStarted = Date.now();
const killTarget = Math.floor(RECIPIENTS * KILL_AT);
await new Promise<void>((resolve, reject) => {
  const timer = setInterval(() => {
    if (receivedTotal >= killTarget) {
      clearInterval(timer);
      first.child.kill('SIGKILL');
      resolve();
    }
  }, 5);
  first.exited.then((code) => {
    clearInterval(timer);
    if (receivedTotal < killTarget) reject(new Error(`le premier envoi s'est arrêté seul (code ${code})`));
  });
});
const killedAt = Date.now();
await first.exited;
const receivedAtKill = receivedTotal;
const firstArrivals = [...arrivals];
console.log(`kill -9 après ${receivedAtKill} messages reçus`);

const second = startWorker(['--takeover']);
const secondStarted = Date.now();
const secondCode = await second.exited;
const secondEnded = Date.now();
if (secondCode !== 0) throw new Error(`le second envoi a échoué (code ${secondCode})`);

// ---------------------------------------------------------------------------------------------------------
// Verification and results.

Object.assign(process.env, baseEnv);
const reopened = await getDatabase();
const statusRows = (await reopened.db.execute(sql`select status, count(*)::int as count
  from newsletter_deliveries where campaign_id = ${campaign.id} group by status`)) as unknown as {
  rows: { status: string; count: number }[];
};
const campaignRow = (await reopened.db.execute(
  sql`select status from newsletter_campaigns where id = ${campaign.id}`,
)) as unknown as { rows: { status: string }[] };
await closeDatabase();

let missed = 0;
let duplicates = 0;
const duplicated: string[] = [];
for (let index = 1; index <= RECIPIENTS; index += 1) {
  const email = `abonne${String(index).padStart(6, '0')}@bench.test`;
  const count = received.get(email) ?? 0;
  if (count === 0) missed += 1;
  if (count > 1) {
    duplicates += count - 1;
    duplicated.push(email);
  }
}

function rate(times: number[], from: number): number {
  if (times.length < 2) return 0;
  const start = Math.max(from, times[0] as number);
  return times.length / (((times.at(-1) as number) - start) / 1_000);
}
function memorySummary(samples: MemorySample[]) {
  // The first 3 seconds load the code and open the database; the run itself follows.
  const steady = samples.slice(3);
  const pick = (key: 'rss' | 'heapUsed') => {
    const values = steady.map((sample) => sample[key] / 1_048_576);
    return values.length === 0
      ? null
      : {
          firstMiB: Number(values[0]?.toFixed(1)),
          lastMiB: Number(values.at(-1)?.toFixed(1)),
          minMiB: Number(Math.min(...values).toFixed(1)),
          maxMiB: Number(Math.max(...values).toFixed(1)),
        };
  };
  return { samples: samples.length, rss: pick('rss'), heapUsed: pick('heapUsed') };
}

const secondArrivals = arrivals.slice(firstArrivals.length);
const result = {
  benchmark: 'newsletter',
  command: `node_modules/.bin/node --conditions=react-server --import tsx bench/newsletter/run.ts --recipients ${RECIPIENTS} --kill-at ${KILL_AT} --driver ${DRIVER}`,
  date: new Date().toISOString(),
  commit: process.env.BENCH_COMMIT ?? execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim(),
  machine: {
    cpus: os.cpus().length,
    model: os.cpus()[0]?.model,
    memoryGiB: Math.round(os.totalmem() / 1_073_741_824),
    node: execFileSync(NODE, ['--version'], { encoding: 'utf8' }).trim(),
  },
  loadAverage: { before: loadBefore, after: os.loadavg() },
  driver: DRIVER,
  recipients: RECIPIENTS,
  rateLimitPerSecond: Number(baseEnv.NEWSLETTER_RATE_PER_SECOND),
  seedSeconds: Number(seedSeconds.toFixed(1)),
  baseline: {
    what: 'bare nodemailer pool (2 connections, 4 in flight), same message, no database',
    messages: baselineResult.messages,
    seconds: Number(baselineResult.seconds.toFixed(2)),
    messagesPerSecond: Number(baselineResult.perSecond.toFixed(1)),
  },
  firstSender: {
    startedToKillSeconds: Number(((killedAt - firstStarted) / 1_000).toFixed(1)),
    messagesReceivedBeforeKill: receivedAtKill,
    messagesPerSecond: Number(rate(firstArrivals, firstStarted).toFixed(1)),
    memoryMiB: memorySummary(first.memory),
  },
  secondSender: {
    seconds: Number(((secondEnded - secondStarted) / 1_000).toFixed(1)),
    messagesReceived: secondArrivals.length,
    messagesPerSecond: Number(rate(secondArrivals, secondStarted).toFixed(1)),
    memoryMiB: memorySummary(second.memory),
  },
  outcome: {
    campaignStatus: campaignRow.rows[0]?.status,
    deliveriesByStatus: Object.fromEntries(statusRows.rows.map((row) => [row.status, row.count])),
    distinctRecipientsReceived: RECIPIENTS - missed,
    missed,
    sentTwice: duplicates,
    sentTwiceAddresses: duplicated.slice(0, 20),
  },
};

mkdirSync('bench/results', { recursive: true });
const file = path.join('bench/results', `newsletter-${DRIVER}-${result.date.slice(0, 10)}.json`);
writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify(result.outcome));
console.log(`Résultats : ${file}`);

await new Promise<void>((resolve) => sink.close(() => resolve()));
await cluster?.stop();
rmSync(workDir, { recursive: true, force: true });
process.exit(0);
