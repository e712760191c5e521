import { MEDIA_LIMITS } from './media-limits';

/** A medium uploaded in the newsroom: /media/{id}/original.{ext} or one of its variants /media/{id}/w{width}.webp. */
const MEDIA_PATH = /^\/media\/(\d{1,9})\/(?:original|w\d{2,5})\.(?:jpg|png|webp|avif)$/;

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
