import '@fontsource-variable/source-sans-3';
import '@fontsource-variable/source-serif-4';
import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { AccountProvider } from '@/components/account/account-provider';
import { AnalyticsTracker } from '@/components/layout/analytics-tracker';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import { ScrollToTop } from '@/components/ui/scroll-to-top';
import { shopLinks } from '@/lib/shop-links';
import { DAILY_NAME, PUBLISHER_NAME, SITE_TAGLINE } from '@/lib/site';
import { env } from '@/server/env';
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
  const config = env();
  const shop = shopLinks(config.SHOP_BASE_URL);
  return (
    <html lang="fr">
      <body>
        <a className="skip-link" href="#contenu">
          Aller au contenu
        </a>
        <AccountProvider forgotPasswordUrl={shop.forgotPassword}>
          <SiteHeader shop={shop} subscriberUrl={config.SUBSCRIBER_URL} />
          <main id="contenu" tabIndex={-1}>
            {children}
          </main>
          <SiteFooter shop={shop} />
        </AccountProvider>
        <ScrollToTop />
        {config.ANALYTICS_SCRIPT_URL ? <AnalyticsTracker scriptUrl={config.ANALYTICS_SCRIPT_URL} /> : null}
      </body>
    </html>
  );
}
