import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUT as blockPut } from '@/app/api/admin/home/[block]/route';
import { GET as homeGet } from '@/app/api/admin/home/route';
import { GET as bannerGet } from '@/app/api/banner/route';
import { GET as whitePapersGet } from '@/app/api/eshop/whitePapers/route';
import { type HomeBlocksAnswer, homeBlocksAnswer } from '@/lib/contracts/home-blocks';
import { purgeSharedReads } from '@/server/cache/shared-reads';
import type { Database } from '@/server/db/client';
import { auditLog, backgroundJobs, banners, shopProducts } from '@/server/db/schema';
import { runDueJobs } from '@/server/jobs/runner';
import { loadHomePage } from '@/server/pages/home-page';
import { callHandler, forgetDatabaseForRoutes, useDatabaseForRoutes } from '../support/api';
import { createTestDatabase } from '../support/database';
import { databaseClockPassed } from '../support/database-clock';
import { callAdmin, createTestStaff, type TestStaff } from '../support/newsroom';

let database: Database;
let journalist: TestStaff;
let editor: TestStaff;

beforeAll(async () => {
  database = await createTestDatabase();
  useDatabaseForRoutes(database);
  [journalist, editor] = await Promise.all([
    createTestStaff(database.db, 'redacteur'),
    createTestStaff(database.db, 'editeur'),
  ]);
  const product = (sku: string, categories: string[]) => ({
    sku,
    name: `Produit ${sku}`,
    imageUrl: `/images/${sku}.webp`,
    productUrl: `/p/${sku}`,
    addToCartUrl: `/panier/${sku}`,
    categories,
    finalPrice: '10.00',
  });
  await database.db.insert(shopProducts).values([product('offre-11', ['11']), product('offre-12', ['12'])]);
});

afterAll(async () => {
  forgetDatabaseForRoutes();
  await database?.close();
});

function put(block: string, by: TestStaff | null, body: unknown) {
  return callAdmin(blockPut, {
    path: `/api/admin/home/${block}`,
    method: 'PUT',
    caller: by ?? undefined,
    body,
    params: { block },
  });
}

/** What a reader gets now (the shared reads are purged as the revalidation does). */
async function readerHome(trade?: string) {
  purgeSharedReads();
  return loadHomePage(database.db, trade);
}

const image = (name: string, width: number, height: number) => ({
  url: `/media/${name}.webp`,
  width,
  height,
});
const banner = (alt: string, fields: Record<string, unknown> = {}) => ({
  alt,
  onClick: `/offres/${alt.toLowerCase().replaceAll(' ', '-')}`,
  desktop: image(`${alt}-large`, 1240, 300),
  mobile: image(`${alt}-petite`, 600, 400),
  ...fields,
});

describe('the home blocks in the newsroom', () => {
  it('checks roles: 401 without a session, redacteurs read but do not edit, unknown blocks are 404', async () => {
    expect((await callAdmin(homeGet, { path: '/api/admin/home' })).status).toBe(401);
    expect((await callAdmin(homeGet, { path: '/api/admin/home', caller: journalist })).status).toBe(200);
    expect((await put('banners', null, { items: [] })).status).toBe(401);
    expect((await put('banners', journalist, { items: [] })).status).toBe(403);
    expect((await put('bandeaux', editor, { items: [] })).status).toBe(404);
  });

  it('refuses bad input naming the field, and writes nothing', async () => {
    await put('banners', editor, { items: [banner('Avant')] });
    const cases: [string, unknown, string][] = [
      ['banners', { items: [banner('A', { desktop: image('x', 0, 300) })] }, 'items.0.desktop.width'],
      ['banners', { items: [banner('A', { onClick: 'javascript:alert(1)' })] }, 'items.0.onClick'],
      [
        'banners',
        { items: [banner('A', { mobile: { url: '//autre.example/x.png', width: 1, height: 1 } })] },
        'items.0.mobile.url',
      ],
      [
        'banners',
        { items: [banner('A', { startsAt: '2026-12-02T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' })] },
        'items.0.endsAt',
      ],
      ['banners', { items: Array.from({ length: 31 }, (_, index) => banner(`B${index}`)) }, 'items'],
      ['solutions', { items: [{ title: 'S', text: 'T', link: '/s', color: 'rouge' }] }, 'items.0.color'],
      [
        'solutions',
        { items: [{ title: 'S', text: 'T', link: '/s', color: '#112233', trades: ['pirate'] }] },
        'items.0.trades.0',
      ],
      ['white-papers', { items: [{ title: '', imgUrl: '/media/a.webp', pageUrl: '/lb' }] }, 'items.0.title'],
      [
        'offer-categories',
        {
          items: [
            { category: '12', label: 'A' },
            { category: '12', label: 'B' },
          ],
        },
        'items',
      ],
    ];
    for (const [block, body, field] of cases) {
      const answer = await put(block, editor, body);
      expect(answer.status, `${block} ${field}`).toBe(400);
      expect(JSON.stringify(answer.body), field).toContain(`"${field}"`);
    }
    const saved = homeBlocksAnswer.parse(
      (await callAdmin(homeGet, { path: '/api/admin/home', caller: editor })).body,
    );
    expect(saved.banners.map((item) => item.alt)).toEqual(['Avant']);
  });

  it('replaces the banners in the given order; readers see them at once, hidden ones not', async () => {
    const answer = await put('banners', editor, {
      items: [banner('Deuxième'), banner('Cachée', { active: false }), banner('Première')],
    });
    expect(answer.status).toBe(200);
    const saved = homeBlocksAnswer.parse(answer.body);
    expect(saved.banners.map((item) => item.alt)).toEqual(['Deuxième', 'Cachée', 'Première']);
    // Reordering keeps each banner's id.
    const [second, hidden, first] = saved.banners as HomeBlocksAnswer['banners'];
    const reordered = homeBlocksAnswer.parse(
      (await put('banners', editor, { items: [first, second, hidden] })).body,
    );
    expect(reordered.banners.map((item) => item.id)).toEqual([first?.id, second?.id, hidden?.id]);
    const home = await readerHome();
    expect(home.banners.map((item) => [item.alt, item.desktop.url, item.mobile.width])).toEqual([
      ['Première', '/media/Première-large.webp', 600],
      ['Deuxième', '/media/Deuxième-large.webp', 600],
    ]);
    expect(home.banners[0]?.onClick).toMatch(/^https?:\/\/[^/]+\/offres\/premi%C3%A8re$/);
    // A banner pointing at one of the site's own pages stays a site path.
    const onSite = homeBlocksAnswer.parse(
      (
        await put('banners', editor, {
          items: [banner('Site', { onClick: '/actualite/reforme-tva_A001' })],
        })
      ).body,
    );
    expect(onSite.banners).toHaveLength(1);
    expect((await readerHome()).banners.map((item) => item.onClick)).toEqual(['/actualite/reforme-tva_A001']);
    await put('banners', editor, { items: [first, second, hidden] });
    const api = await callHandler<{ alt: string }[]>(bannerGet, '/api/banner');
    expect(api.body.map((item) => item.alt)).toEqual(['Première', 'Deuxième']);
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'home.update'), eq(auditLog.targetId, 'banners')))
      .orderBy(auditLog.id)
      .limit(1);
    expect(entry?.targetType).toBe('home');
  });

  it('shows a banner only within its display dates, a job refreshing the pages at its start', async () => {
    const startsAt = new Date(Date.now() + 1_500);
    await put('banners', editor, {
      items: [
        banner('Bientôt', { startsAt: startsAt.toISOString() }),
        banner('Finie', { endsAt: new Date(Date.now() - 60_000).toISOString() }),
        banner('Toujours'),
      ],
    });
    expect((await readerHome()).banners.map((item) => item.alt)).toEqual(['Toujours']);
    const [job] = await database.db
      .select()
      .from(backgroundJobs)
      .where(and(eq(backgroundJobs.kind, 'home.refresh'), eq(backgroundJobs.status, 'pending')));
    expect(job?.runAt.toISOString()).toBe(startsAt.toISOString());
    await databaseClockPassed(database.db, startsAt);
    await runDueJobs(database.db);
    const [done] = await database.db
      .select()
      .from(backgroundJobs)
      .where(eq(backgroundJobs.id, job?.id ?? 0));
    expect(done?.status).toBe('done');
    expect((await readerHome()).banners.map((item) => item.alt)).toEqual(['Bientôt', 'Toujours']);
    expect(await database.db.select().from(banners)).toHaveLength(3);
  });

  it('saves solutions with their trades, white papers and the offer categories, as readers see them', async () => {
    const solutions = await put('solutions', editor, {
      items: [
        {
          title: 'Navis Fiscal',
          text: 'Toute la fiscalité.',
          link: '/navis-fiscal',
          color: '#0055aa',
          trades: ['fiscal'],
        },
        {
          title: 'Navis Social',
          text: 'Tout le social.',
          link: 'https://boutique.example/social',
          color: '#aa3300',
          trades: ['social'],
        },
        { title: 'Pour tous', text: 'Tous métiers.', link: '/tous', color: '#222222' },
      ],
    });
    expect(solutions.status).toBe(200);
    expect((await readerHome('fiscal')).solutions.map((item) => item.title)).toEqual([
      'Navis Fiscal',
      'Pour tous',
    ]);
    expect((await readerHome()).solutions.map((item) => [item.title, item.color])).toEqual([
      ['Navis Fiscal', '#0055aa'],
      ['Navis Social', '#aa3300'],
      ['Pour tous', '#222222'],
    ]);

    await put('white-papers', editor, {
      items: [{ title: 'Le guide de la TVA', imgUrl: '/media/tva.webp', pageUrl: '/livres-blancs/tva' }],
    });
    purgeSharedReads();
    const papers = await callHandler<{ title: string; img_url: string }[]>(
      whitePapersGet,
      '/api/eshop/whitePapers',
    );
    expect(papers.body).toMatchObject([{ title: 'Le guide de la TVA', img_url: '/media/tva.webp' }]);

    // The offers of the moment follow the chosen categories; none chosen: the spec's category 11.
    expect((await readerHome()).offers.map((item) => item.sku)).toEqual(['offre-11']);
    const categories = await put('offer-categories', editor, { items: [{ category: '12', label: 'Codes' }] });
    expect(homeBlocksAnswer.parse(categories.body).offerCategories).toEqual([
      { category: '12', label: 'Codes' },
    ]);
    expect((await readerHome()).offers.map((item) => item.sku)).toEqual(['offre-12']);
    await put('offer-categories', editor, { items: [] });
    expect((await readerHome()).offers.map((item) => item.sku)).toEqual(['offre-11']);
  });
});
