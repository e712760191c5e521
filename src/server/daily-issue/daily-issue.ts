import 'server-only';
import { and, asc, desc, eq, lte } from 'drizzle-orm';
import type { DailyIssue } from '@/lib/contracts/content';
import { parisIsoDay } from '@/lib/dates';
import { articleSummaryColumns, toArticleSummary } from '../content/article-summary';
import type { Db } from '../db/client';
import { articles, dailyIssueArticles, dailyIssues } from '../db/schema';

/** The daily issue of "La Quotidienne" (spec section 3 "Issue"). */
export type { DailyIssue };

type IssueRow = typeof dailyIssues.$inferSelect;

/**
 * The latest issue published on or before `today` (the current one), with its news in editorial order. Drafts
 * and scheduled issues composed in the newsroom stay out until they are published.
 */
export async function getCurrentIssue(db: Db, today: Date = new Date()): Promise<DailyIssue | null> {
  const [issue] = await db
    .select()
    .from(dailyIssues)
    .where(and(lte(dailyIssues.publicationDate, parisIsoDay(today)), eq(dailyIssues.status, 'published')))
    .orderBy(desc(dailyIssues.publicationDate))
    .limit(1);
  return issue ? withNews(db, issue) : null;
}

/** The issue of one day (`YYYY-MM-DD`) whatever its status, with its news; null when none was composed. */
export async function getIssueByDate(db: Db, day: string): Promise<DailyIssue | null> {
  const [issue] = await db.select().from(dailyIssues).where(eq(dailyIssues.publicationDate, day));
  return issue ? withNews(db, issue) : null;
}

async function withNews(db: Db, issue: IssueRow): Promise<DailyIssue> {
  const rows = await db
    .select(articleSummaryColumns)
    .from(dailyIssueArticles)
    .innerJoin(articles, eq(articles.id, dailyIssueArticles.articleId))
    .where(eq(dailyIssueArticles.issueId, issue.id))
    .orderBy(asc(dailyIssueArticles.position));

  return {
    issueName: issue.issueName,
    publicationDate: issue.publicationDate,
    comiteRedaction: issue.comiteRedaction,
    redacteurChef: issue.redacteurChef,
    news: rows.map(toArticleSummary),
  };
}
