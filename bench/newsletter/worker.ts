// One app instance's job runner, alone: runs due jobs until the campaign given is sent, printing its memory every
// second as a JSON line. Started (and killed with SIGKILL) by bench/newsletter/run.ts.
// `--takeover` moves the runner's clock past the job lease, as another instance would after the lease ran out,
// so the campaign job the killed worker held is taken over at once instead of after 5 minutes.
import { eq } from 'drizzle-orm';
import { getDatabase } from '@/server/db/client';
import { newsletterCampaigns } from '@/server/db/schema';
import '@/server/jobs/handlers';
import { runDueJobs } from '@/server/jobs/runner';

const campaignId = Number(process.argv[2]);
const takeover = process.argv.includes('--takeover');
const LEASE_SECONDS = 300;

const memory = setInterval(() => {
  const usage = process.memoryUsage();
  console.log(JSON.stringify({ t: Date.now(), rss: usage.rss, heapUsed: usage.heapUsed }));
}, 1_000);

const database = await getDatabase();
for (;;) {
  const now = takeover ? new Date(Date.now() + (LEASE_SECONDS + 10) * 1_000) : undefined;
  await runDueJobs(database.db, now ? { now } : {});
  const [row] = await database.db
    .select({ status: newsletterCampaigns.status })
    .from(newsletterCampaigns)
    .where(eq(newsletterCampaigns.id, campaignId));
  if (row?.status === 'sent') break;
  await new Promise((resolve) => setTimeout(resolve, 200));
}
clearInterval(memory);
await database.close();
console.log(JSON.stringify({ done: true }));
process.exit(0);
