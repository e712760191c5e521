import { describe, expect, it } from 'vitest';
import { mediaSources } from './media-srcset';

describe('mediaSources', () => {
  it('lists the variants narrower than the original, and the original width', () => {
    expect(mediaSources('/media/12/original.jpg', 1000)).toEqual({
      src: '/media/12/w1000.webp',
      srcSet:
        '/media/12/w320.webp 320w, /media/12/w640.webp 640w, /media/12/w960.webp 960w, /media/12/w1000.webp 1000w',
    });
    expect(mediaSources('/media/3/w640.webp', 200)).toEqual({
      src: '/media/3/w200.webp',
      srcSet: '/media/3/w200.webp 200w',
    });
  });

  it('reads a medium named by its public key as one named by its id', () => {
    const key = '0123456789abcdef0123456789abcdef';
    expect(mediaSources(`/media/${key}/original.png`, 500)).toEqual({
      src: `/media/${key}/w500.webp`,
      srcSet: `/media/${key}/w320.webp 320w, /media/${key}/w500.webp 500w`,
    });
    expect(mediaSources('/media/0123456789ABCDEF0123456789ABCDEF/original.png', 500)).toBeNull();
  });

  it('leaves other images and unknown widths to next/image', () => {
    expect(mediaSources('https://example.fr/media/1/original.jpg', 800)).toBeNull();
    expect(mediaSources('/images/couverture.jpg', 800)).toBeNull();
    expect(mediaSources('/media/1/original.pdf', 800)).toBeNull();
    expect(mediaSources('/media/1/original.jpg', undefined)).toBeNull();
  });
});
