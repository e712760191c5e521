import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import { DAILY_NAME, PUBLISHER_NAME, SITE_TAGLINE } from '@/lib/site';
import './globals.css';

export const metadata: Metadata = {
  title: {
    default: `${DAILY_NAME} – ${SITE_TAGLINE} | ${PUBLISHER_NAME}`,
    template: `%s | ${PUBLISHER_NAME}`,
  },
  description: `${SITE_TAGLINE} au quotidien pour les experts-comptables, avocats, notaires, juristes et responsables paie et RH.`,
};

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: '#0b3c6f',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="fr">
      <body>
        <a className="skip-link" href="#contenu">
          Aller au contenu
        </a>
        <SiteHeader />
        <main id="contenu" tabIndex={-1}>
          {children}
        </main>
        <SiteFooter />
      </body>
    </html>
  );
}
