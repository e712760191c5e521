/**
 * The placeholder of spec section 4 ("an image that fails to load is replaced once by a placeholder image") for
 * every image of the page at once: one listener on the document instead of a client component per image (which
 * would hydrate every cover, product and banner of a listing). Inline, so it never fails itself nor loads from
 * another host.
 */
export const PLACEHOLDER_IMAGE = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 628"><rect width="1200" height="628" fill="#e4e8ee"/><path d="M520 380l80-100 60 70 40-45 80 75z" fill="#b9c2cf"/><circle cx="690" cy="250" r="28" fill="#b9c2cf"/></svg>',
)}`;

/** Marks an <img> (or, on a container, every <img> inside, e.g. editorial HTML) as replaced when it fails. */
export const FALLBACK_ATTRIBUTE = 'data-fallback';
/** Set on an image once replaced: a failing placeholder is never replaced again. */
const REPLACED = 'remplacee';

function wantsFallback(image: HTMLImageElement): boolean {
  return (
    image.closest(`[${FALLBACK_ATTRIBUTE}]`) !== null && image.getAttribute(FALLBACK_ATTRIBUTE) !== REPLACED
  );
}

/** Replaces a failed image by the placeholder, once; its <picture> sources too, else they would win again. */
function replaceFailedImage(image: HTMLImageElement): void {
  if (!wantsFallback(image)) return;
  image.setAttribute(FALLBACK_ATTRIBUTE, REPLACED);
  // The placeholder takes the box the image had (its width and height), whatever its own proportions: nothing
  // around it moves.
  const box = image.getBoundingClientRect();
  const width = box.width || Number(image.getAttribute('width'));
  const height = box.height || Number(image.getAttribute('height'));
  if (width > 0 && height > 0) image.style.aspectRatio = `${width} / ${height}`;
  image.style.objectFit = 'cover';
  if (image.parentElement?.tagName === 'PICTURE') {
    for (const source of image.parentElement.querySelectorAll('source')) {
      source.setAttribute('srcset', PLACEHOLDER_IMAGE);
    }
  }
  image.removeAttribute('srcset');
  image.removeAttribute('sizes');
  image.src = PLACEHOLDER_IMAGE;
}

/**
 * Listens for image errors on the whole document (error events do not bubble: in the capture phase) and replaces
 * the images that failed before it listened (before hydration). Returns the function that stops listening.
 */
export function installImageFallback(document: Document): () => void {
  const onError = (event: Event) => {
    if (event.target instanceof HTMLImageElement) replaceFailedImage(event.target);
  };
  document.addEventListener('error', onError, true);
  for (const image of document.querySelectorAll<HTMLImageElement>(
    `[${FALLBACK_ATTRIBUTE}] img, img[${FALLBACK_ATTRIBUTE}]`,
  )) {
    // Broken: loading ended (complete) without an image. Lazy images not yet asked for are not complete.
    if (image.complete && image.naturalWidth === 0 && image.getAttribute('src')) replaceFailedImage(image);
  }
  return () => document.removeEventListener('error', onError, true);
}
