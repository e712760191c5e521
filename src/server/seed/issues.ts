import 'server-only';
import { DAILY_NAME } from '@/lib/site';
import type { dailyIssueArticles, dailyIssues } from '../db/schema';
import type { PlannedArticle } from './articles';
import { isoOfDay, isWeekday, longDateWithWeekday, yearOf } from './calendar';
import { chiefEditorFor, EDITORIAL_BOARD } from './editorial';
import { streamFor } from './random';

/**
 * The daily issues of "La Quotidienne": one every weekday from the first content day to today, each with 8 to
 * 14 news published on or before its day, newest first.
 */

export type IssueRow = typeof dailyIssues.$inferInsert & { id: number };
export type IssueArticleRow = typeof dailyIssueArticles.$inferInsert;

const ISSUE_MIN_NEWS = 8;
const ISSUE_MAX_NEWS = 14;

/** `news` must be sorted oldest first. */
export function buildIssues(
  news: readonly PlannedArticle[],
  startDay: number,
  today: number,
): { issues: IssueRow[]; links: IssueArticleRow[] } {
  const issues: IssueRow[] = [];
  const links: IssueArticleRow[] = [];
  let available = 0;
  for (let day = startDay; day <= today; day += 1) {
    while (available < news.length && (news[available]?.day ?? Number.POSITIVE_INFINITY) <= day)
      available += 1;
    if (!isWeekday(day)) continue;
    const rng = streamFor('issue', day);
    const count = Math.min(available, rng.int(ISSUE_MIN_NEWS, ISSUE_MAX_NEWS));
    if (count < ISSUE_MIN_NEWS)
      throw new Error(`Pas assez d'actualités pour la Quotidienne du ${isoOfDay(day)}`);
    const id = issues.length + 1;
    const board = rng.sample(EDITORIAL_BOARD, 4);
    issues.push({
      id,
      issueName: `${DAILY_NAME} du ${longDateWithWeekday(day)}`,
      publicationDate: isoOfDay(day),
      comiteRedaction: board.join(', '),
      redacteurChef: chiefEditorFor(yearOf(day)),
    });
    for (let position = 1; position <= count; position += 1) {
      const article = news[available - position];
      if (article) links.push({ issueId: id, articleId: article.id, position });
    }
  }
  return { issues, links };
}
