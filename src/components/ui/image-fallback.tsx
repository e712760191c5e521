'use client';

import { useEffect } from 'react';
import { installImageFallback } from '@/client/image-fallback';

/** Puts the page's failed images' placeholder in place (src/client/image-fallback.ts). Once, in the layout. */
export function ImageFallback() {
  useEffect(() => installImageFallback(document), []);
  return null;
}
