import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { AccountProvider } from '@/components/account/account-provider';
import { AuthFallback } from '@/components/account/auth-fallback';
import { ConsentManager } from '@/components/consent/consent-manager';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import { ScrollToTop } from '@/components/ui/scroll-to-top';
import { accountLinks } from '@/lib/account-links';
import { shopLinks } from '@/lib/shop-links';
import { DAILY_NAME, PUBLISHER_NAME, SITE_TAGLINE } from '@/lib/site';
import { env } from '@/server/env';
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

export default function RootLayout({ children }: { children: ReactNode }) {
  const config = env();
  const shop = shopLinks(config.SHOP_BASE_URL);
  const accounts = accountLinks(config.ACCOUNTS_MANAGED_BY, shop);
  return (
    <html lang="fr" className={`${sourceSans.variable} ${sourceSerif.variable}`}>
      <body>
        <a className="skip-link" href="#contenu">
          Aller au contenu
        </a>
        <ConsentManager analyticsScriptUrl={config.ANALYTICS_SCRIPT_URL} />
        <AccountProvider forgotPasswordUrl={accounts.forgotPassword}>
          <SiteHeader shop={shop} subscriberUrl={config.SUBSCRIBER_URL} accountUrl={accounts.account} />
          <main id="contenu" tabIndex={-1}>
            {children}
          </main>
          <AuthFallback forgotPasswordUrl={accounts.forgotPassword} />
          <SiteFooter shop={shop} />
        </AccountProvider>
        <ScrollToTop />
      </body>
    </html>
  );
}
