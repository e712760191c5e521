// A constant of its own: the reader's image component (media-srcset.ts) needs the variant widths, and the admin
// contract module that also uses them carries the full Zod, which must stay out of the reader's scripts.

export const MEDIA_LIMITS = {
  /** Largest upload, images and PDF alike. */
  maxBytes: 20 * 1024 * 1024,
  /** Largest upload request: the file and its multipart framing (the field names, `alt`, boundaries). */
  maxBodyBytes: 20 * 1024 * 1024 + 64 * 1024,
  /** Largest image in pixels (decompression bombs are refused before being decoded). */
  maxPixels: 100_000_000,
  /** Widths of the responsive variants, in pixels (none wider than the original). */
  variantWidths: [320, 640, 960, 1280, 1920],
} as const;
