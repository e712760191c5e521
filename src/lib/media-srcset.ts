import { imageSources, isOptimisedImagePath } from './image-sources';
import { MEDIA_LIMITS } from './media-limits';

/**
 * A medium uploaded in the newsroom: /media/{address}/original.{ext} or one of its variants
 * /media/{address}/w{width}.webp, its address its public key (or the id of one uploaded before keys).
 */
const MEDIA_PATH = /^\/media\/(\d{1,9}|[0-9a-f]{32})\/(?:original|w\d{2,5})\.(?:jpg|png|webp|avif)$/;

/** True for an image file of the newsroom's media library (the only images a text written in the newsroom shows). */
export const isMediaImagePath = (href: string) => MEDIA_PATH.test(href);

/**
 * The responsive sources of a newsroom image of `width` pixels (its original width): the WebP variants sharp made
 * at upload (src/server/editorial/media.ts), narrower ones first, and the widest as `src`. Null for any other
 * image (those go through next/image's optimiser) or when the width is unknown.
 */
export function mediaSources(
  href: string,
  width: number | undefined,
): { src: string; srcSet: string } | null {
  const id = MEDIA_PATH.exec(href)?.[1];
  if (id === undefined || !width || width <= 0) return null;
  const widths = [...MEDIA_LIMITS.variantWidths.filter((candidate) => candidate < width), width];
  const url = (candidate: number) => `/media/${id}/w${candidate}.webp`;
  return { src: url(width), srcSet: widths.map((candidate) => `${url(candidate)} ${candidate}w`).join(', ') };
}

/**
 * The responsive sources of an image in editorial HTML, drawn at `sizes`: a newsroom upload's own variants, an image
 * the optimiser may read through /_next/image, and nothing for any other (the optimiser would refuse it).
 */
export function textImageSources(
  href: string,
  width: number,
  sizes: string,
): { src: string; srcSet: string } | null {
  return mediaSources(href, width) ?? (isOptimisedImagePath(href) ? imageSources(href, width, sizes) : null);
}
