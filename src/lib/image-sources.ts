/**
 * The responsive sources of an image served through Next's optimiser (/_next/image), computed as next/image's
 * `getImageProps` does with the default loader. Ours because `getImageProps` in a client component adds about
 * 13 KB of gzip script to every page that has one (the news lists), against the reader pages' budget of 30 KB over the
 * framework (decision 036). `next.config.ts` gives Next these same widths and quality, so every URL built here is
 * one the optimiser accepts.
 */

/** Widths for full-width layouts (next.config `images.deviceSizes`, Next's defaults). */
export const IMAGE_DEVICE_SIZES = [640, 750, 828, 1080, 1200, 1920, 2048, 3840];
/** Widths for images narrower than the screen (next.config `images.imageSizes`, Next's defaults). */
export const IMAGE_SIZES = [32, 48, 64, 96, 128, 256, 384];
/** The one quality the optimiser serves (next.config `images.qualities`). */
export const IMAGE_QUALITY = 75;

const ALL_SIZES = [...IMAGE_DEVICE_SIZES, ...IMAGE_SIZES].sort((a, b) => a - b);

/** The site's image folders under /media that pages show through the optimiser (the seed's and the shop's). */
export const OPTIMISED_IMAGE_FOLDERS = ['covers', 'banners', 'products', 'white-papers'] as const;

/**
 * The one spelling of each image the optimiser may read: a file of those folders, the placeholder, or a newsroom
 * original (whose width a page did not know). Nothing else (`..`, `.`, `//`, escapes, upper case, a query), since
 * the optimiser stores a copy per spelling.
 */
const OPTIMISED_IMAGE_PATH = new RegExp(
  `^/media/(?:(?:${OPTIMISED_IMAGE_FOLDERS.join('|')})/[a-z0-9]+(?:-[a-z0-9]+)*|placeholder|(?:\\d{1,9}|[0-9a-f]{32})/original)\\.(?:webp|jpg|png|avif)$`,
);

export function isOptimisedImagePath(path: string): boolean {
  return OPTIMISED_IMAGE_PATH.test(path);
}

/**
 * True when the query of a /_next/image request is exactly what `imageSources` writes: `url` an image path above,
 * `w` one of our widths, `q` our quality, each once and nothing more.
 */
export function isCanonicalOptimiserQuery(query: string): boolean {
  const params = new URLSearchParams(query);
  if ([...params.keys()].sort().join() !== 'q,url,w') return false;
  const width = params.get('w') ?? '';
  return (
    isOptimisedImagePath(params.get('url') ?? '') &&
    ALL_SIZES.some((size) => String(size) === width) &&
    params.get('q') === String(IMAGE_QUALITY)
  );
}
const VIEWPORT_WIDTH = /(^|\s)(1?\d?\d)vw/g;

/** The widths a srcset offers: for a `sizes` in vw, those at least that share of the narrowest screen. */
function widthsFor(width: number, sizes: string | undefined): { widths: number[]; kind: 'w' | 'x' } {
  if (sizes) {
    const percents = [...sizes.matchAll(VIEWPORT_WIDTH)].map((match) => Number(match[2]));
    if (percents.length === 0) return { widths: ALL_SIZES, kind: 'w' };
    const smallestRatio = Math.min(...percents) / 100;
    return {
      widths: ALL_SIZES.filter((size) => size >= (IMAGE_DEVICE_SIZES[0] ?? 0) * smallestRatio),
      kind: 'w',
    };
  }
  // No sizes: the image is drawn at `width` CSS pixels, offered at 1x and 2x.
  const fits = (target: number) => ALL_SIZES.find((size) => size >= target) ?? ALL_SIZES.at(-1) ?? target;
  return { widths: [...new Set([fits(width), fits(width * 2)])], kind: 'x' };
}

const optimiserUrl = (src: string, width: number) =>
  `/_next/image?url=${encodeURIComponent(src)}&w=${width}&q=${IMAGE_QUALITY}`;

/** `src` and `srcSet` of an image of `width` CSS pixels drawn at `sizes`. */
export function imageSources(
  src: string,
  width: number,
  sizes: string | undefined,
): { src: string; srcSet: string } {
  const { widths, kind } = widthsFor(width, sizes);
  const srcSet = widths
    .map(
      (candidate, index) => `${optimiserUrl(src, candidate)} ${kind === 'w' ? candidate : index + 1}${kind}`,
    )
    .join(', ');
  const widest = widths.at(-1) ?? width;
  return { src: optimiserUrl(src, widest), srcSet };
}
