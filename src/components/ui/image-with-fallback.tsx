import { FALLBACK_ATTRIBUTE } from '@/client/image-fallback';
import { OptimizedImage, type OptimizedImageProps } from './optimized-image';

/**
 * An editorial, product or banner image replaced once by a placeholder when it fails to load (spec section 4).
 * A server component: the replacement is done for every marked image of the page by one listener
 * (`ImageFallback` in the layout, src/client/image-fallback.ts), not by a client component per image.
 *
 * Usage: `<ImageWithFallback src={image.href} alt="" width={1200} height={628} sizes="100vw" />`
 */
export function ImageWithFallback(props: OptimizedImageProps) {
  return <OptimizedImage {...props} {...{ [FALLBACK_ATTRIBUTE]: '' }} />;
}
