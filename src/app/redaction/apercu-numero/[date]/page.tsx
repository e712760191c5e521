import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { SiteChrome } from '@/app/_components/site-chrome';
import homeStyles from '@/app/(site)/accueil/[metier]/page.module.css';
import { requireStaffPage } from '@/app/redaction/require-staff-page';
import { HomeNews } from '@/components/home/home-news';
import styles from '@/components/newsroom/newsroom.module.css';
import { issuePath, issuePreviewPath } from '@/components/newsroom/site-paths';
import { ISSUE_STATUS_LABELS, type IssueStatus } from '@/lib/contracts/issues';
import { getIssueByDate } from '@/server/daily-issue/daily-issue';
import { getAdminIssue } from '@/server/daily-issue/issues';
import { getDb } from '@/server/db/client';
import { env } from '@/server/env';
import { menuSimulatorTopics } from '@/server/pages/site-menu';

export const metadata: Metadata = { title: 'Aperçu du numéro' };

type Props = { params: Promise<{ date: string }> };

/**
 * The home page's daily-news part as it will look with this issue (saved, whatever its status), in the site's
 * frame, for staff only and never cached (the newsroom's pages render per request).
 */
export default async function IssuePreviewPage({ params }: Props) {
  const { date } = await params;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) notFound();
  const here = issuePreviewPath(date);
  const db = await getDb();
  await requireStaffPage(db, here, 'issue.read');
  const [issue, admin] = await Promise.all([getIssueByDate(db, date), getAdminIssue(db, date)]);
  if (!issue) notFound();
  const config = env();
  return (
    <>
      <div className={styles.previewBanner} role="note" aria-label="Aperçu">
        <span>
          Aperçu de la page d’accueil – numéro du {date.split('-').reverse().join('/')},{' '}
          {ISSUE_STATUS_LABELS[admin.status as IssueStatus].toLowerCase()}
        </span>
        <Link href={issuePath(date)}>Retour au numéro</Link>
      </div>
      <SiteChrome
        shopBaseUrl={config.SHOP_BASE_URL}
        subscriberUrl={config.SUBSCRIBER_URL}
        accountsManagedBy={config.ACCOUNTS_MANAGED_BY}
        analyticsScriptUrl={undefined}
        simulatorTopics={await menuSimulatorTopics()}
      >
        <div className={`container ${homeStyles.home}`}>
          <div className={homeStyles.layout}>
            <div className={homeStyles.main}>
              <h1 className={homeStyles.issueName}>
                <span className={homeStyles.kicker}>L’actualité du jour</span> {issue.issueName}
              </h1>
              <HomeNews news={issue.news} />
            </div>
          </div>
        </div>
      </SiteChrome>
    </>
  );
}
