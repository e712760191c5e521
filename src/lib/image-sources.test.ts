import { getImageProps } from 'next/image';
import { describe, expect, it } from 'vitest';
import { COVER_IMAGE_SIZES, LEAD_IMAGE_SIZES } from './constants';
import { imageSources } from './image-sources';

// The same URLs as next/image's own: the optimiser then serves (and caches) exactly what it did before.
describe('imageSources', () => {
  it.each([
    ['/media/covers/fiscal-1.webp', 1200, '(min-width: 1000px) 720px, 100vw'],
    ['/media/covers/fiscal-2.webp', 1200, LEAD_IMAGE_SIZES],
    ['/media/covers/fiscal-1-16x9.webp', 1200, COVER_IMAGE_SIZES],
    ['/media/covers/social-2.webp', 400, '(min-width: 1000px) 400px, 90vw'],
    ['/media/products/produit-mfi.webp', 180, '180px'],
    ['/media/white-papers/paie.webp', 64, undefined],
    ['/media/white-papers/csrd.webp', 120, undefined],
  ])('%s at %i, sizes %s: as getImageProps', (src, width, sizes) => {
    const { props } = getImageProps({ src, alt: '', width, height: width, sizes });
    expect(imageSources(src, width, sizes)).toEqual({ src: props.src, srcSet: props.srcSet });
  });

  it('encodes the source once in the optimiser URL', () => {
    expect(imageSources('/media/a b.webp', 64, '64px').src).toBe(
      '/_next/image?url=%2Fmedia%2Fa%20b.webp&w=3840&q=75',
    );
  });
});
