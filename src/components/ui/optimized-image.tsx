import { imageSources } from '@/lib/image-sources';
import { mediaSources } from '@/lib/media-srcset';

export type OptimizedImageProps = {
  src: string;
  alt: string;
  /** Intrinsic size, for the box the browser reserves before the image arrives. */
  width: number;
  height: number;
  /** How wide the image is drawn (the `sizes` attribute); without it, `width` CSS pixels at 1x and 2x. */
  sizes?: string;
  /** The largest paint of its page: fetched at once and at high priority. */
  priority?: boolean;
  className?: string;
  /** Where a crop (object-fit: cover) keeps the subject: the CSS `object-position` of its focal point. */
  objectPosition?: string | undefined;
} & {
  /** Data attributes are kept, e.g. the image fallback's mark (ImageWithFallback). */
  [dataAttribute: `data-${string}`]: string;
};

/**
 * An optimised <img>: a srcset through /_next/image as next/image builds it (src/lib/image-sources.ts), lazy
 * unless `priority`, its width and height, and no script: next/image's client component loaded about 6 KB of
 * gzip script to hydrate images that need none, and its `getImageProps` another 13 KB wherever a client
 * component rendered an image. A `priority` image gets no <link rel="preload">: a preload emitted by a server
 * component also travels in the payload of every link prefetching that page, and would fetch its image on the
 * page holding the link.
 *
 * Usage: `<OptimizedImage src={image.href} alt="" width={1200} height={628} sizes="100vw" priority />`
 */
export function OptimizedImage({
  src,
  alt,
  width,
  height,
  sizes,
  priority = false,
  className,
  objectPosition,
  ...dataAttributes
}: OptimizedImageProps) {
  // An image uploaded in the newsroom already has its responsive WebP variants (made by sharp at upload).
  const sources = mediaSources(src, width) ?? imageSources(src, width, sizes);
  return (
    // biome-ignore lint/performance/noImgElement: next/image's attributes without its script (see above).
    <img
      {...dataAttributes}
      src={sources.src}
      srcSet={sources.srcSet}
      sizes={sizes}
      width={width}
      height={height}
      alt={alt}
      className={className}
      loading={priority ? undefined : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      style={objectPosition ? { color: 'transparent', objectPosition } : { color: 'transparent' }}
    />
  );
}
