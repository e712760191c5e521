'use client';

import { type ImgHTMLAttributes, useEffect, useRef, useState } from 'react';

/** A neutral placeholder, inline so it never fails itself nor loads from another host. */
export const PLACEHOLDER_IMAGE = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 628"><rect width="1200" height="628" fill="#e4e8ee"/><path d="M520 380l80-100 60 70 40-45 80 75z" fill="#b9c2cf"/><circle cx="690" cy="250" r="28" fill="#b9c2cf"/></svg>',
)}`;

type ImageWithFallbackProps = ImgHTMLAttributes<HTMLImageElement> & { src: string; alt: string };

/**
 * An <img> replaced once by a placeholder when it fails to load (spec section 4): a failing placeholder would
 * not loop.
 *
 * Usage: `<ImageWithFallback src={image.href} alt={image.legend ?? ''} width={1200} height={628} />`
 */
export function ImageWithFallback({ src, alt, onError, ...image }: ImageWithFallbackProps) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  // An image that failed before hydration fired its error event before React listened: check it once.
  useEffect(() => {
    const element = ref.current;
    if (
      element?.complete &&
      element.naturalWidth === 0 &&
      element.getAttribute('src') !== PLACEHOLDER_IMAGE
    ) {
      setFailed(true);
    }
  }, []);
  return (
    // biome-ignore lint/performance/noImgElement: editorial images come from the content store, not next/image.
    <img
      {...image}
      ref={ref}
      alt={alt}
      src={failed ? PLACEHOLDER_IMAGE : src}
      onError={(event) => {
        if (!failed) setFailed(true);
        onError?.(event);
      }}
    />
  );
}
