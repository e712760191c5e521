// GET /api/admin/taxonomy: topics and trades for the editor's pickers
import { asc } from 'drizzle-orm';
import type { TaxonomyAnswer } from '@/lib/contracts/admin';
import { getDb } from '@/server/db/client';
import { topics, trades } from '@/server/db/schema';
import { requireStaff } from '@/server/staff/auth';
import { adminRoute } from '@/server/staff/route';

export const GET = adminRoute(async (request): Promise<TaxonomyAnswer> => {
  const db = await getDb();
  await requireStaff(db, request, 'article.read');
  const [topicRows, tradeRows] = await Promise.all([
    db
      .select({
        id: topics.id,
        shortId: topics.shortId,
        label: topics.label,
        slug: topics.slug,
        parentId: topics.parentId,
      })
      .from(topics)
      .orderBy(asc(topics.sortOrder), asc(topics.label)),
    db.select({ slug: trades.slug, label: trades.label }).from(trades).orderBy(asc(trades.sortOrder)),
  ]);
  return { topics: topicRows, trades: tradeRows };
});
