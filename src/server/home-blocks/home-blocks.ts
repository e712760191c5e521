import 'server-only';
import { randomUUID } from 'node:crypto';
import { asc } from 'drizzle-orm';
import { z } from 'zod';
import type { HomeBlock, HomeBlocksAnswer, homeBlockBodies } from '@/lib/contracts/home-blocks';
import { HOME_BLOCKS_CHANGE } from '../content/cache-tags';
import { announceContentChange } from '../content/content-changes';
import { refreshReaders } from '../content/readers';
import type { Db } from '../db/client';
import { banners, homeOfferCategories, solutions, whitePapers } from '../db/schema';
import { defineJob } from '../jobs/definitions';
import { enqueueJob } from '../jobs/queue';
import { recordPublicChange } from '../staff/audit';
import type { StaffPrincipal } from '../staff/auth';

// The home page's blocks edited in the newsroom. A block is replaced whole in one transaction
// that announces a content change, so every instance's page cache, shared reads and ISR pages refresh at commit
// (on PGlite the process refreshes its own): readers see the change at their next request. A banner's display
// dates are met by a refresh job queued at each future start and end.

const REFRESH_JOB = 'home.refresh';

/** Each block's body, as its schema reads it. */
export type HomeBlockBodies = { [Block in HomeBlock]: z.output<(typeof homeBlockBodies)[Block]> };

/** GET /api/admin/home: every block as saved, in display order. */
export async function getHomeBlocks(db: Db): Promise<HomeBlocksAnswer> {
  const [bannerRows, categoryRows, solutionRows, paperRows] = await Promise.all([
    db.select().from(banners).orderBy(asc(banners.position), asc(banners.id)),
    db.select().from(homeOfferCategories).orderBy(asc(homeOfferCategories.position)),
    db.select().from(solutions).orderBy(asc(solutions.position), asc(solutions.id)),
    db.select().from(whitePapers).orderBy(asc(whitePapers.position), asc(whitePapers.id)),
  ]);
  return {
    banners: bannerRows.map((row) => ({
      id: row.id,
      alt: row.alt,
      onClick: row.onClick,
      desktop: { url: row.desktopUrl, width: row.desktopWidth, height: row.desktopHeight },
      mobile: { url: row.mobileUrl, width: row.mobileWidth, height: row.mobileHeight },
      active: row.active,
      startsAt: row.startsAt?.toISOString() ?? null,
      endsAt: row.endsAt?.toISOString() ?? null,
    })),
    offerCategories: categoryRows.map((row) => ({ category: row.category, label: row.label })),
    solutions: solutionRows.map((row) => ({
      title: row.title,
      text: row.text,
      link: row.link,
      color: row.color,
      trades: row.trades,
    })),
    whitePapers: paperRows.map((row) => ({ title: row.title, imgUrl: row.imgUrl, pageUrl: row.pageUrl })),
  };
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const replaceBlock: {
  [Block in HomeBlock]: (tx: Tx, items: HomeBlockBodies[Block]['items']) => Promise<Date[]>;
} = {
  banners: async (tx, items) => {
    await tx.delete(banners);
    if (items.length > 0)
      await tx.insert(banners).values(
        items.map((item, position) => ({
          id: item.id ?? `banniere-${randomUUID().slice(0, 8)}`,
          alt: item.alt,
          onClick: item.onClick,
          desktopUrl: item.desktop.url,
          desktopWidth: item.desktop.width,
          desktopHeight: item.desktop.height,
          mobileUrl: item.mobile.url,
          mobileWidth: item.mobile.width,
          mobileHeight: item.mobile.height,
          position,
          active: item.active,
          startsAt: item.startsAt ? new Date(item.startsAt) : null,
          endsAt: item.endsAt ? new Date(item.endsAt) : null,
        })),
      );
    return items.flatMap((item) =>
      [item.startsAt, item.endsAt].flatMap((at) => (at && Date.parse(at) > Date.now() ? [new Date(at)] : [])),
    );
  },
  'offer-categories': async (tx, items) => {
    await tx.delete(homeOfferCategories);
    if (items.length > 0)
      await tx.insert(homeOfferCategories).values(items.map((item, position) => ({ ...item, position })));
    return [];
  },
  solutions: async (tx, items) => {
    await tx.delete(solutions);
    if (items.length > 0)
      await tx.insert(solutions).values(items.map((item, position) => ({ ...item, position })));
    return [];
  },
  'white-papers': async (tx, items) => {
    await tx.delete(whitePapers);
    if (items.length > 0)
      await tx.insert(whitePapers).values(items.map((item, position) => ({ ...item, position })));
    return [];
  },
};

/** PUT /api/admin/home/{block}: replaces the block, in the given order; readers see it at their next request. */
export async function putHomeBlock<Block extends HomeBlock>(
  db: Db,
  principal: StaffPrincipal,
  block: Block,
  body: HomeBlockBodies[Block],
): Promise<HomeBlocksAnswer> {
  await db.transaction(async (tx) => {
    const refreshAt = await replaceBlock[block](tx, body.items);
    for (const at of refreshAt) {
      await enqueueJob(tx, homeRefreshJob, {}, { runAt: at, dedupeKey: `home:${at.toISOString()}` });
    }
    await recordPublicChange(
      tx,
      HOME_BLOCKS_CHANGE,
      principal,
      'home.update',
      { type: 'home', id: block },
      { items: body.items.length },
    );
  });
  await refreshReaders(HOME_BLOCKS_CHANGE);
  return getHomeBlocks(db);
}

/** At a banner's start or end of display: the cached home pages are refreshed so the carousel follows. */
const homeRefreshJob = defineJob({
  kind: REFRESH_JOB,
  payload: z.object({}),
  run: async (_payload, { db }) => {
    await announceContentChange(db, HOME_BLOCKS_CHANGE);
    await refreshReaders(HOME_BLOCKS_CHANGE);
  },
});
