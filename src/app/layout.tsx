import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { DAILY_NAME, PUBLISHER_NAME, SITE_TAGLINE } from '@/lib/site';
import { sourceSans, sourceSerif } from './fonts';
import './globals.css';

export const metadata: Metadata = {
  title: {
    default: `${DAILY_NAME} – ${SITE_TAGLINE} | ${PUBLISHER_NAME}`,
    template: `%s | ${PUBLISHER_NAME}`,
  },
  description: `${SITE_TAGLINE} au quotidien pour les experts-comptables, avocats, notaires, juristes et responsables paie et RH.`,
  // Inline, so browsers do not ask for /favicon.ico.
  icons: {
    icon: `data:image/svg+xml,${encodeURIComponent(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="4" fill="#0b3c6f"/><text x="16" y="23" font-family="Georgia,serif" font-size="20" font-weight="700" fill="#fff" text-anchor="middle">Q</text></svg>',
    )}`,
  },
};

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: '#0b3c6f',
};

/**
 * The document shared by the reader site (its frame is `(site)/layout.tsx`) and the newsroom (`redaction/layout.tsx`):
 * language, fonts and base styles only, so neither loads the other's parts.
 */
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    // The consent state script marks <html> before React hydrates it (ConsentStateScript).
    <html lang="fr" className={`${sourceSans.variable} ${sourceSerif.variable}`} suppressHydrationWarning>
      <body>{children}</body>
    </html>
  );
}
