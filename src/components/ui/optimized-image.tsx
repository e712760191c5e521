import { getImageProps, type ImageProps } from 'next/image';
import { preload } from 'react-dom';

/**
 * next/image's optimised <img> (a srcset through /_next/image, lazy unless `priority`, its width and height)
 * without next/image's client component, which every page using it loaded (about 6 KB of gzip script) to hydrate
 * images that need no script. A `priority` image, the largest paint of its page, is preloaded from the head and
 * fetched at high priority.
 *
 * Usage: `<OptimizedImage src={image.href} alt="" width={1200} height={628} sizes="100vw" priority />`
 */
export function OptimizedImage({ priority = false, alt, ...image }: ImageProps) {
  const { props } = getImageProps({
    ...image,
    alt,
    priority,
    fetchPriority: priority ? 'high' : image.fetchPriority,
  });
  if (priority) {
    preload(props.src, {
      as: 'image',
      imageSrcSet: props.srcSet,
      imageSizes: props.sizes,
      fetchPriority: 'high',
    });
  }
  // biome-ignore lint/performance/noImgElement: next/image's own optimised attributes, from getImageProps.
  return <img {...props} alt={alt} />;
}
