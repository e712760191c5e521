import { getImageProps, type ImageProps } from 'next/image';
import { mediaSources } from '@/lib/media-srcset';

/**
 * next/image's optimised <img> (a srcset through /_next/image, lazy unless `priority`, its width and height)
 * without next/image's client component, which every page using it loaded (about 6 KB of gzip script) to hydrate
 * images that need no script. A `priority` image, the largest paint of its page, is fetched at high priority; it
 * gets no <link rel="preload"> as next/image's gave it: a preload emitted by a server component also travels in
 * the payload of every link prefetching that page, and would fetch its image on the page holding the link.
 *
 * Usage: `<OptimizedImage src={image.href} alt="" width={1200} height={628} sizes="100vw" priority />`
 */
export function OptimizedImage({ priority = false, alt, ...image }: ImageProps) {
  // An image uploaded in the newsroom already has its responsive WebP variants (made by sharp at upload).
  const media =
    typeof image.src === 'string' ? mediaSources(image.src, Number(image.width) || undefined) : null;
  if (media) {
    return (
      // biome-ignore lint/performance/noImgElement: the newsroom's own variants, already sized and encoded.
      <img
        src={media.src}
        srcSet={media.srcSet}
        sizes={image.sizes}
        width={image.width}
        height={image.height}
        alt={alt}
        className={image.className}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : image.fetchPriority}
        decoding="async"
      />
    );
  }
  const { props } = getImageProps({
    ...image,
    alt,
    priority,
    fetchPriority: priority ? 'high' : image.fetchPriority,
  });
  // biome-ignore lint/performance/noImgElement: next/image's own optimised attributes, from getImageProps.
  return <img {...props} alt={alt} />;
}
