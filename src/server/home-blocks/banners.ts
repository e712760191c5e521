import 'server-only';
import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Banner } from '@/lib/contracts/content';
import type { Db } from '../db/client';
import { banners } from '../db/schema';
import { shopUrl } from '../shop/links';

/** A home banner (spec section 3): images are site paths, the target is on the shop. */
export type { Banner };

/** The active banners within their display dates (set in the newsroom), in carousel order. */
export async function listBanners(db: Db): Promise<Banner[]> {
  const rows = await db
    .select()
    .from(banners)
    .where(
      and(
        eq(banners.active, true),
        or(isNull(banners.startsAt), lte(banners.startsAt, sql`now()`)),
        or(isNull(banners.endsAt), gt(banners.endsAt, sql`now()`)),
      ),
    )
    .orderBy(asc(banners.position), asc(banners.id));
  return rows.map((row) => ({
    id: row.id,
    alt: row.alt,
    onClick: shopUrl(row.onClick),
    desktop: { url: row.desktopUrl, width: row.desktopWidth, height: row.desktopHeight },
    mobile: { url: row.mobileUrl, width: row.mobileWidth, height: row.mobileHeight },
  }));
}
