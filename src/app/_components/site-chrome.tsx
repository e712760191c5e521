import type { ReactNode } from 'react';
import { AccountProvider } from '@/components/account/account-provider';
import { ConsentManager } from '@/components/consent/consent-manager';
import { ConsentNotice, ConsentStateScript } from '@/components/consent/consent-notice';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import { HydrationSignal } from '@/components/ui/hydration-signal';
import { ImageFallback } from '@/components/ui/image-fallback';
import { ScrollToTop } from '@/components/ui/scroll-to-top';
import { type AccountsManagedBy, accountLinks } from '@/lib/account-links';
import { MAIN_CONTENT_ID } from '@/lib/constants';
import { shopLinks } from '@/lib/shop-links';

type SiteChromeProps = {
  shopBaseUrl: string;
  subscriberUrl: string;
  analyticsScriptUrl: string | undefined;
  accountsManagedBy: AccountsManagedBy;
  /** The simulator families that hold a published simulator: the only ones the header's menu lists. */
  simulatorTopics: readonly string[];
  /** False for the newsroom's preview: staff see the reader's page without the consent notice over it. */
  askConsent?: boolean;
  children: ReactNode;
};

/**
 * The reader site's frame around a page: the cookie consent (which holds the analytics once accepted), account
 * provider, header, main region, footer and scroll-to-top. The no-JavaScript login forms are a page of their own
 * (/connexion, decision 060), not in every page's HTML and payload. The newsroom (/redaction) has its own frame
 * and never loads this one.
 */
export function SiteChrome({
  shopBaseUrl,
  subscriberUrl,
  analyticsScriptUrl,
  accountsManagedBy,
  simulatorTopics,
  askConsent = true,
  children,
}: SiteChromeProps) {
  const shop = shopLinks(shopBaseUrl);
  const accounts = accountLinks(accountsManagedBy, shop);
  return (
    <>
      <a className="skip-link" href={`#${MAIN_CONTENT_ID}`}>
        Aller au contenu
      </a>
      {askConsent ? (
        <>
          <ConsentStateScript />
          <ConsentManager analyticsScriptUrl={analyticsScriptUrl} notice={<ConsentNotice />} />
        </>
      ) : null}
      <AccountProvider forgotPasswordUrl={accounts.forgotPassword}>
        <SiteHeader
          shop={shop}
          subscriberUrl={subscriberUrl}
          accountUrl={accounts.account}
          simulatorTopics={simulatorTopics}
        />
        <main id={MAIN_CONTENT_ID} tabIndex={-1}>
          {children}
        </main>
        <SiteFooter shop={shop} />
      </AccountProvider>
      <ScrollToTop />
      <ImageFallback />
      <HydrationSignal />
    </>
  );
}
