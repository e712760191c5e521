import type { ReactNode } from 'react';
import { AccountProvider } from '@/components/account/account-provider';
import { AuthFallback } from '@/components/account/auth-fallback';
import { AnalyticsTracker } from '@/components/layout/analytics-tracker';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import { ScrollToTop } from '@/components/ui/scroll-to-top';
import { shopLinks } from '@/lib/shop-links';

type SiteChromeProps = {
  shopBaseUrl: string;
  subscriberUrl: string;
  analyticsScriptUrl: string | undefined;
  children: ReactNode;
};

/**
 * The reader site's frame around a page: account provider, header, main region, the no-JavaScript login forms,
 * footer, scroll-to-top and analytics. The newsroom (/redaction) has its own frame and never loads this one.
 */
export function SiteChrome({ shopBaseUrl, subscriberUrl, analyticsScriptUrl, children }: SiteChromeProps) {
  const shop = shopLinks(shopBaseUrl);
  return (
    <>
      <a className="skip-link" href="#contenu">
        Aller au contenu
      </a>
      <AccountProvider forgotPasswordUrl={shop.forgotPassword}>
        <SiteHeader shop={shop} subscriberUrl={subscriberUrl} />
        <main id="contenu" tabIndex={-1}>
          {children}
        </main>
        <AuthFallback forgotPasswordUrl={shop.forgotPassword} />
        <SiteFooter shop={shop} />
      </AccountProvider>
      <ScrollToTop />
      {analyticsScriptUrl ? <AnalyticsTracker scriptUrl={analyticsScriptUrl} /> : null}
    </>
  );
}
