import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as mappingsGet, PUT as mappingsPut } from '@/app/api/admin/shop/mappings/route';
import { POST as importPost } from '@/app/api/admin/shop/products/import/route';
import { productMappingsAnswer } from '@/lib/contracts/shop-catalogue';
import type { Database } from '@/server/db/client';
import { jobs, shopProducts } from '@/server/db/schema';
import { productCodesOfJob } from '@/server/search/cost-planning';
import { getProducts } from '@/server/shop/products';
import { forgetDatabaseForRoutes, TEST_ORIGIN, useDatabaseForRoutes } from '../support/api';
import { createTestDatabase } from '../support/database';
import { callAdmin, createTestStaff, type TestStaff } from '../support/newsroom';

let database: Database;
let editor: TestStaff;
let admin: TestStaff;

beforeAll(async () => {
  database = await createTestDatabase();
  useDatabaseForRoutes(database);
  [editor, admin] = await Promise.all([
    createTestStaff(database.db, 'editeur'),
    createTestStaff(database.db, 'administrateur'),
  ]);
  await database.db.insert(jobs).values([
    { id: 'expertComptable', label: 'Expert-comptable', slug: 'expert-comptable' },
    { id: 'DRH', label: 'DRH', slug: 'drh' },
  ]);
  await database.db.insert(shopProducts).values({
    sku: 'ancien',
    name: 'Ancien produit',
    imageUrl: '/i.webp',
    productUrl: '/p',
    addToCartUrl: '/c',
    finalPrice: '1.00',
  });
});

afterAll(async () => {
  forgetDatabaseForRoutes();
  await database?.close();
});

/** The feed sent as the body, as the newsroom page does. */
async function upload(by: TestStaff | null, body: string, contentType: string) {
  const response = await importPost(
    new Request(`${TEST_ORIGIN}/api/admin/shop/products/import`, {
      method: 'POST',
      headers: {
        host: new URL(TEST_ORIGIN).host,
        'content-type': contentType,
        'x-forwarded-for': '192.0.2.10',
        ...(by ? { cookie: by.cookie } : {}),
      },
      body,
    }),
    { params: Promise.resolve({}) as Promise<never> },
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const skus = async () =>
  (await database.db.select({ sku: shopProducts.sku }).from(shopProducts)).map((row) => row.sku).sort();

const CSV = [
  'sku,name,image_url,product_url,add_to_cart_url,hook_phrase,categories,final_price,original_price,sp_to_date,trades,subjects',
  'MEMFIS,Mémento Fiscal 2027,/media/memfis.webp,/memento-fiscal,/panier?sku=MEMFIS,La référence,11;3,"189,00",210,2027-01-31,fiscal,fiscal',
  'NAVSOC,Navis Social,/media/navsoc.webp,https://boutique.example/navis-social,/panier?sku=NAVSOC,,3,450,,,social,social',
  'MEMGEN,Mémento Sociétés,/media/memgen.webp,/memento-societes,/panier?sku=MEMGEN,,3,150,,,,',
].join('\n');

describe('the shop catalogue and the product mapping in the newsroom', () => {
  it('checks roles: editors read the mapping, administrators import and edit it', async () => {
    expect((await upload(null, CSV, 'text/csv')).status).toBe(401);
    expect((await upload(editor, CSV, 'text/csv')).status).toBe(403);
    expect((await callAdmin(mappingsGet, { path: '/api/admin/shop/mappings', caller: editor })).status).toBe(
      200,
    );
    const put = await callAdmin(mappingsPut, {
      path: '/api/admin/shop/mappings',
      method: 'PUT',
      caller: editor,
      body: { items: [] },
    });
    expect(put.status).toBe(403);
  });

  it('refuses a feed with bad lines, naming each, and keeps the catalogue as it was', async () => {
    const bad = [
      CSV.split('\n')[0],
      'A1,Produit,/a.webp,/a,/c,,3,12.5,,,,',
      'A1,Doublon,/a.webp,/a,/c,,3,12.5,,,,',
      'B2,,/b.webp,javascript:alert(1),/c,,3,abc,,2027-13-01,,',
    ].join('\n');
    const answer = await upload(admin, bad, 'text/csv');
    expect(answer.status).toBe(400);
    const details = (answer.body.error as { details: { field: string; message: string }[] }).details;
    expect(details.map((detail) => detail.field)).toEqual(['ligne 3', 'ligne 4']);
    expect(details[0]?.message).toContain('déjà présent ligne 2');
    expect(details[1]?.message).toMatch(/name.*product_url.*final_price.*sp_to_date/);
    expect(await skus()).toEqual(['ancien']);

    const ndjson = await upload(admin, '{"sku":"X"}\nnot json\n', 'application/x-ndjson');
    expect(ndjson.status).toBe(400);
    expect(JSON.stringify(ndjson.body)).toContain('JSON invalide');
    expect((await upload(admin, CSV, 'application/json')).status).toBe(415);
    const tooBig = await upload(admin, 'x'.repeat(5 * 1024 * 1024 + 1), 'text/csv');
    expect(tooBig.status).toBe(413);
    expect(await skus()).toEqual(['ancien']);
  });

  it('replaces the catalogue from CSV, and the fallback rules run on it', async () => {
    const answer = await upload(admin, CSV, 'text/csv');
    expect(answer).toEqual({ status: 200, body: { imported: 3 } });
    expect(await skus()).toEqual(['MEMFIS', 'MEMGEN', 'NAVSOC']);
    const [memfis] = await getProducts(database.db, { skus: ['MEMFIS'] });
    expect(memfis).toMatchObject({
      final_price: '189.00',
      original_price: '210.00',
      categories: ['11', '3'],
    });
    // Subject and trade first, then without the subject, then without the trade.
    const social = await getProducts(database.db, {
      categories: ['3'],
      metier: 'social',
      subject: 'social',
      nbProducts: 1,
    });
    expect(social.map((product) => product.sku)).toEqual(['NAVSOC']);
    const fallback = await getProducts(database.db, {
      categories: ['3'],
      metier: 'immobilier',
      nbProducts: 8,
    });
    expect(fallback.map((product) => product.sku).sort()).toEqual(['MEMFIS', 'MEMGEN', 'NAVSOC']);
  });

  it('imports NDJSON the same way', async () => {
    const lines = [
      {
        sku: 'NDJ1',
        name: 'Revue fiscale',
        image_url: '/r.webp',
        product_url: '/r',
        add_to_cart_url: '/c',
        categories: ['3'],
        final_price: 99,
        trades: ['fiscal'],
      },
      {
        sku: 'NDJ2',
        name: 'Revue sociale',
        image_url: '/s.webp',
        product_url: '/s',
        add_to_cart_url: '/c',
        categories: '3;11',
        final_price: '79.90',
      },
    ];
    const answer = await upload(
      admin,
      lines.map((line) => JSON.stringify(line)).join('\n'),
      'application/x-ndjson',
    );
    expect(answer).toEqual({ status: 200, body: { imported: 2 } });
    expect(await skus()).toEqual(['NDJ1', 'NDJ2']);
  });

  it('replaces the job x subject mapping that the search reads; unknown jobs are refused', async () => {
    const items = [
      { job: '', subject: 'fiscal', productCode: 'NAVFIS', productLabel: 'Navis Fiscal' },
      { job: 'expertComptable', subject: '', productCode: 'NAVEC', productLabel: 'Navis Expert-comptable' },
      { job: 'DRH', subject: 'social', productCode: 'NAVRH', productLabel: 'Navis RH' },
    ];
    const put = await callAdmin(mappingsPut, {
      path: '/api/admin/shop/mappings',
      method: 'PUT',
      caller: admin,
      body: { items },
    });
    expect(put.status).toBe(200);
    const saved = productMappingsAnswer.parse(put.body);
    expect(saved.items).toHaveLength(3);
    expect(saved.products).toBe(2);
    expect(await productCodesOfJob(database.db, 'DRH')).toEqual(['NAVRH']);

    const unknown = await callAdmin(mappingsPut, {
      path: '/api/admin/shop/mappings',
      method: 'PUT',
      caller: admin,
      body: { items: [...items, { job: 'pirate', subject: '', productCode: 'X', productLabel: 'X' }] },
    });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('items.3.job');
    const twice = await callAdmin(mappingsPut, {
      path: '/api/admin/shop/mappings',
      method: 'PUT',
      caller: admin,
      body: { items: [items[0], items[0]] },
    });
    expect(twice.status).toBe(400);
    expect(await productCodesOfJob(database.db, 'expertComptable')).toEqual(['NAVEC']);
  });
});
