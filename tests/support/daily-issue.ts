import type { Db } from '@/server/db/client';
import { articles, dailyIssueArticles, dailyIssues, newsletterSubscribers } from '@/server/db/schema';

/** Published articles for issue tests: `n1` … `n{count}`, one a day before `day`. */
export async function insertArticles(
  db: Db,
  prefix: string,
  count: number,
  day = '2026-11-20',
): Promise<string[]> {
  const ids = Array.from({ length: count }, (_, index) => `${prefix}${index + 1}`);
  await db.insert(articles).values(
    ids.map((id, index) => ({
      id,
      type: 'actualite',
      slug: `actualite-${id}`,
      title: `Actualité ${id} : la réforme ${index + 1}`,
      summary: `Résumé de ${id}.`,
      publicationDate: new Date(Date.parse(`${day}T05:00:00Z`) - index * 60_000),
      topics: [{ label: 'Fiscal', slug: 'fiscal', id: 'EBX:EFL_Themes:Fiscal', shortId: 'F' }],
    })),
  );
  return ids;
}

/** A published issue of `day` holding `newsIds` in that order. */
export async function insertIssue(
  db: Db,
  day: string,
  newsIds: string[],
  fields: Partial<typeof dailyIssues.$inferInsert> = {},
): Promise<number> {
  const [issue] = await db
    .insert(dailyIssues)
    .values({
      issueName: `La Quotidienne du ${day}`,
      publicationDate: day,
      redacteurChef: 'Claire Martin',
      comiteRedaction: 'Paul Durand, Inès Roux',
      ...fields,
    })
    .returning({ id: dailyIssues.id });
  if (!issue) throw new Error('numéro non créé');
  if (newsIds.length > 0) {
    await db
      .insert(dailyIssueArticles)
      .values(newsIds.map((articleId, position) => ({ issueId: issue.id, articleId, position })));
  }
  return issue.id;
}

/** Confirmed subscribers, plus former ones who must never receive anything. */
export async function insertSubscribers(db: Db, active: string[], inactive: string[] = []): Promise<void> {
  await db
    .insert(newsletterSubscribers)
    .values([...active.map((email) => ({ email })), ...inactive.map((email) => ({ email, active: false }))]);
}
