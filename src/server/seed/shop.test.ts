import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dayOfIso } from './calendar';
import { buildShop, PRODUCTS, productCover } from './shop';

describe('demo shop products', () => {
  it('each product has its own cover, drawn with its own title, and the file exists', () => {
    const { shopProducts: products } = buildShop(dayOfIso('2026-11-23'));
    const images = products.map((product) => product.imageUrl);
    expect(new Set(images).size).toBe(products.length);
    for (const image of images) expect(existsSync(path.join('public', image))).toBe(true);
    const paie = PRODUCTS.find((product) => product.code === 'MPAI');
    if (!paie) throw new Error('no Mémento Paie');
    expect(productCover(paie)).toMatchObject({ name: 'produit-mpai', subtitle: 'Paie' });
    expect(products.find((product) => product.name.startsWith('Mémento Paie'))?.imageUrl).toBe(
      '/media/products/produit-mpai.webp',
    );
  });
});
