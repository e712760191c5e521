import 'server-only';
import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { PATHS } from '@/lib/constants';
import type { Banner } from '@/lib/contracts/content';
import { STATIC_PAGE_SLUGS } from '@/lib/contracts/static-pages';
import type { Db } from '../db/client';
import { banners } from '../db/schema';
import { shopUrl } from '../shop/links';

/** A home banner (spec section 3): images are site paths, the target is on the shop or on this site. */
export type { Banner };

/** The first segments of this site's own addresses: a banner pointing there stays on the site. */
const SITE_SECTIONS = new Set(
  [...Object.values(PATHS), ...STATIC_PAGE_SLUGS.map((slug) => `/${slug}`)]
    .map((path) => path.split('/')[1] ?? '')
    .filter((segment) => segment !== ''),
);

/** A banner's target: a path of one of the site's sections stays a site path; any other is the shop's. */
export function bannerTarget(onClick: string): string {
  const section = /^\/([^/?#]+)/.exec(onClick)?.[1];
  return section !== undefined && SITE_SECTIONS.has(section) ? onClick : shopUrl(onClick);
}

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
    onClick: bannerTarget(row.onClick),
    desktop: { url: row.desktopUrl, width: row.desktopWidth, height: row.desktopHeight },
    mobile: { url: row.mobileUrl, width: row.mobileWidth, height: row.mobileHeight },
  }));
}
