import 'server-only';
import { asc } from 'drizzle-orm';
import type { WhitePaper } from '@/lib/contracts/shop';
import type { Db } from '../db/client';
import { whitePapers } from '../db/schema';
import { shopUrl } from './links';

/** A white paper (spec section 3): its cover is a site path, its page is on the shop. */
export type { WhitePaper };

export async function listWhitePapers(db: Db): Promise<WhitePaper[]> {
  const rows = await db.select().from(whitePapers).orderBy(asc(whitePapers.position), asc(whitePapers.id));
  return rows.map((row) => ({ title: row.title, img_url: row.imgUrl, page_url: shopUrl(row.pageUrl) }));
}
