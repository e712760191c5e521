import 'server-only';
import { asc, desc, eq, lte } from 'drizzle-orm';
import { parisIsoDay } from '@/lib/dates';
import type { Db } from '../db/client';
import { articles, dailyIssueArticles, dailyIssues } from '../db/schema';
import { type ArticleSummary, articleSummaryColumns, toArticleSummary } from './article-summary';

/** The daily issue of "La Quotidienne" (spec section 3 "Issue"). */
export type DailyIssue = {
  issueName: string;
  publicationDate: string;
  comiteRedaction: string;
  redacteurChef: string;
  news: ArticleSummary[];
};

/** The latest issue published on or before `today` (the current one), with its news in editorial order. */
export async function getCurrentIssue(db: Db, today: Date = new Date()): Promise<DailyIssue | null> {
  const [issue] = await db
    .select()
    .from(dailyIssues)
    .where(lte(dailyIssues.publicationDate, parisIsoDay(today)))
    .orderBy(desc(dailyIssues.publicationDate))
    .limit(1);
  if (!issue) return null;

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
