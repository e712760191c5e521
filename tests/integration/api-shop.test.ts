import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as productsRoute } from '@/app/api/eshop/products/route';
import { GET as textSearchRoute } from '@/app/api/eshop/textSearch/route';
import { GET as whitePapersRoute } from '@/app/api/eshop/whitePapers/route';
import type { Database } from '@/server/db/client';
import {
  type ApiAnswer,
  type ApiCall,
  callHandler,
  forgetDatabaseForRoutes,
  seedApiFixtures,
  useDatabaseForRoutes,
  useUnreachableDatabaseForRoutes,
} from '../support/api';
import { createTestDatabase } from '../support/database';

type Product = { sku: string } & Record<string, unknown>;
type ErrorBody = { error: { code: string; details?: { field: string }[] } };

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedApiFixtures(database.db);
  useDatabaseForRoutes(database);
});

afterAll(async () => {
  forgetDatabaseForRoutes();
  await database?.close();
});

const products = (query: ApiCall['query'] = {}) =>
  callHandler<Product[]>(productsRoute, '/api/eshop/products', { query });
const textSearch = (query: ApiCall['query'] = {}) =>
  callHandler<Product[]>(textSearchRoute, '/api/eshop/textSearch', { query });
const skus = (answer: ApiAnswer<Product[]>) => answer.body.map((product) => product.sku);

function expectNoCache(answer: ApiAnswer) {
  expect(answer.headers.get('cache-control')).toBe('no-cache, no-store, must-revalidate, max-age=0');
}

function expectBadRequest(answer: ApiAnswer, field: string) {
  expect(answer.status).toBe(400);
  expectNoCache(answer);
  const body = answer.body as ErrorBody;
  expect(body.error.code).toBe('bad_request');
  expect(body.error.details?.map((detail) => detail.field.split('.')[0])).toContain(field);
}

const INJECTIONS = [
  "' OR 1=1 --",
  "x'; DROP TABLE shop_products; --",
  '<script>alert(1)</script>',
  'é',
  '💥',
  'a'.repeat(5_000),
];

describe('GET /api/eshop/products', () => {
  it('answers one product by default, in the shop shape, links on the shop', async () => {
    const answer = await products();
    expect(answer.status).toBe(200);
    expectNoCache(answer);
    expect(answer.body).toEqual([
      {
        sku: 'MFI-2025',
        name: 'Mémento Fiscal 2025',
        image_url: '/images/products/MFI-2025.jpg',
        product_url: 'https://boutique.editions-portalis.fr/mfi-2025.html',
        add_to_cart_url: 'https://boutique.editions-portalis.fr/checkout/cart/add/sku/MFI-2025',
        hook_phrase: 'Toute la matière en un volume.',
        categories: ['11', '23'],
        discount_label: '-17 %',
        promo_label: null,
        final_price: '149.00',
        original_price: '179.00',
        sp_to_date: '2025-12-31',
      },
    ]);
  });

  it('answers nbProducts products in shop order', async () => {
    expect(skus(await products({ nbProducts: 3 }))).toEqual(['MFI-2025', 'MSO-2025', 'MPAI-2025']);
  });

  it('filters by categories, memento codes and skus joined by ;', async () => {
    expect(skus(await products({ categories: '11', nbProducts: 8 }))).toEqual(['MFI-2025', 'MSO-2025']);
    expect(skus(await products({ categories: '11;25', nbProducts: 8 }))).toEqual([
      'MFI-2025',
      'MSO-2025',
      'ABO-NAVSOC',
      'ABO-NAVIMM',
    ]);
    expect(skus(await products({ ids: 'MFI;RJS', nbProducts: 8 }))).toEqual(['MFI-2025', 'ABO-RJS']);
    expect(skus(await products({ skus: 'CODE-CIV;MAS-2025', nbProducts: 8 }))).toEqual([
      'MAS-2025',
      'CODE-CIV',
    ]);
    expect(skus(await products({ skus: 'INCONNU', nbProducts: 8 }))).toEqual([]);
  });

  it('uses subject and trade together first', async () => {
    expect(skus(await products({ metier: 'social', subject: 'social', nbProducts: 8 }))).toEqual([
      'MSO-2025',
      'MPAI-2025',
      'ABO-RJS',
      'ABO-NAVSOC',
    ]);
  });

  it('falls back to the trade alone when nothing has both', async () => {
    expect(skus(await products({ metier: 'social', subject: 'immobilier', nbProducts: 8 }))).toEqual([
      'MSO-2025',
      'MPAI-2025',
      'ABO-RJS',
      'ABO-NAVSOC',
    ]);
  });

  it('then drops the trade too', async () => {
    const answer = await products({ metier: 'finance', subject: 'fiscal', nbProducts: 3 });
    expect(skus(answer)).toEqual(['MFI-2025', 'MSO-2025', 'MPAI-2025']);
  });

  it('reloads a list of two or fewer without the trade filter, keeping the subject', async () => {
    // Trade patrimoine and subject fiscal: only MPA; without the trade, subject fiscal finds MFI and MPA. The
    // trade's own product stays first, so that choosing a trade changes the list.
    expect(skus(await products({ metier: 'patrimoine', subject: 'fiscal', nbProducts: 8 }))).toEqual([
      'MPA-2025',
      'MFI-2025',
    ]);
    // Without a subject: trade immobilier finds one product, the reload without trade finds them all.
    expect(skus(await products({ metier: 'immobilier', nbProducts: 8 }))).toHaveLength(8);
  });

  it('does not reload a block of one or two products, already full', async () => {
    expect(skus(await products({ metier: 'immobilier', nbProducts: 1 }))).toEqual(['ABO-NAVIMM']);
    expect(skus(await products({ metier: 'immobilier', nbProducts: 2 }))).toEqual(['ABO-NAVIMM']);
  });

  it('treats empty values as absent', async () => {
    expect(skus(await products({ nbProducts: '', metier: '', subject: '', categories: '' }))).toEqual([
      'MFI-2025',
    ]);
  });

  it('refuses bad values with a 400 naming the field', async () => {
    for (const nbProducts of ['0', '51', 'deux', '-1', '1.5'])
      expectBadRequest(await products({ nbProducts }), 'nbProducts');
    expectBadRequest(await products({ metier: 'Social' }), 'metier');
    expectBadRequest(
      await products({ skus: Array.from({ length: 51 }, (_, index) => `S${index}`).join(';') }),
      'skus',
    );
    for (const value of INJECTIONS) {
      for (const field of ['categories', 'ids', 'metier', 'subject', 'skus']) {
        expectBadRequest(await products({ [field]: value }), field);
      }
    }
  });
});

describe('GET /api/eshop/textSearch', () => {
  it('finds products by the words of their name, case and accents ignored', async () => {
    const answer = await textSearch({ text: 'memento' });
    expect(answer.status).toBe(200);
    expectNoCache(answer);
    expect(skus(answer)).toEqual(['MFI-2025', 'MSO-2025', 'MPAI-2025', 'MPA-2025', 'MAS-2025']);
    expect(skus(await textSearch({ text: '  MÉMENTO   fiscal ' }))).toEqual(['MFI-2025']);
    expect(answer.body[0]).toMatchObject({
      product_url: 'https://boutique.editions-portalis.fr/mfi-2025.html',
    });
  });

  it('answers an empty list for a missing, blank, oversized or hostile text', async () => {
    for (const query of [{}, { text: '' }, { text: '   ' }, { text: 'a'.repeat(201) }]) {
      const answer = await textSearch(query);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual([]);
    }
    // 'é' is left out: accents ignored, it rightly finds every name holding an e.
    for (const text of [...INJECTIONS.filter((value) => value !== 'é'), '%', '_', '\\', "'"]) {
      const answer = await textSearch({ text });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual([]);
    }
  });

  it('answers an empty list when the database cannot be reached', async () => {
    useUnreachableDatabaseForRoutes(new Error('connect ECONNREFUSED'));
    try {
      const answer = await textSearch({ text: 'memento' });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual([]);
    } finally {
      useDatabaseForRoutes(database);
    }
  });
});

describe('products and white papers while the database is down', () => {
  it('answer 503, never a 500', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    useUnreachableDatabaseForRoutes(refused);
    try {
      for (const answer of [
        await products(),
        await callHandler(whitePapersRoute, '/api/eshop/whitePapers'),
      ]) {
        expect(answer.status).toBe(503);
        expectNoCache(answer);
        expect((answer.body as ErrorBody).error.code).toBe('unavailable');
      }
    } finally {
      useDatabaseForRoutes(database);
    }
  });
});

describe('GET /api/eshop/whitePapers', () => {
  it('answers the white papers in order, pages on the shop', async () => {
    const answer = await callHandler(whitePapersRoute, '/api/eshop/whitePapers');
    expect(answer.status).toBe(200);
    expectNoCache(answer);
    expect(answer.body).toEqual([
      {
        title: 'Réforme de la paie',
        img_url: '/images/wp/paie.jpg',
        page_url: 'https://boutique.editions-portalis.fr/livres-blancs/paie.html',
      },
      {
        title: 'Facturation électronique',
        img_url: '/images/wp/facturation.jpg',
        page_url: 'https://boutique.editions-portalis.fr/livres-blancs/facturation.html',
      },
    ]);
  });
});
