'use client';

import { useEffect } from 'react';
import { HYDRATED_EVENT } from '@/lib/hydration';

/** Tells the page's script loader that React has hydrated the frame (src/lib/hydration.ts). Once, in the layout. */
export function HydrationSignal() {
  useEffect(() => {
    window.dispatchEvent(new Event(HYDRATED_EVENT));
  }, []);
  return null;
}
