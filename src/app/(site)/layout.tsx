import type { ReactNode } from 'react';
import { SiteChrome } from '@/app/_components/site-chrome';
import { env } from '@/server/env';

/** The reader site's pages: header, footer and account parts around them (not the newsroom's). */
export default function SiteLayout({ children }: { children: ReactNode }) {
  const config = env();
  return (
    <SiteChrome
      shopBaseUrl={config.SHOP_BASE_URL}
      subscriberUrl={config.SUBSCRIBER_URL}
      analyticsScriptUrl={config.ANALYTICS_SCRIPT_URL}
      accountsManagedBy={config.ACCOUNTS_MANAGED_BY}
    >
      {children}
    </SiteChrome>
  );
}
