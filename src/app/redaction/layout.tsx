import type { Metadata } from 'next';
import { connection } from 'next/server';
import type { ReactNode } from 'react';

export const metadata: Metadata = {
  title: { default: 'Rédaction', template: '%s | Rédaction' },
  robots: { index: false, follow: false, nocache: true },
};

/**
 * The newsroom: its own frame, never the reader site's. Rendered per request (the proxy answers it
 * `Cache-Control: private, no-store` and `X-Robots-Tag: noindex`), so no page of it is prerendered or cached.
 */
export default async function NewsroomLayout({ children }: { children: ReactNode }) {
  await connection();
  return children;
}
