import type { ReactNode } from 'react';
import { SiteChrome } from '@/app/_components/site-chrome';
import { env } from '@/server/env';
import { menuSimulatorTopics } from '@/server/pages/site-menu';

/**
 * The reader site's pages: header, footer and account parts around them (not the newsroom's). The header's
 * « Simulateurs » menu lists the families that hold a published simulator, so no page of the site is prerendered
 * at build (the build has no database): each is cached (`revalidate`) or rendered per request.
 */
export default async function SiteLayout({ children }: { children: ReactNode }) {
  const config = env();
  return (
    <SiteChrome
      shopBaseUrl={config.SHOP_BASE_URL}
      subscriberUrl={config.SUBSCRIBER_URL}
      analyticsScriptUrl={config.ANALYTICS_SCRIPT_URL}
      accountsManagedBy={config.ACCOUNTS_MANAGED_BY}
      simulatorTopics={await menuSimulatorTopics()}
    >
      {children}
    </SiteChrome>
  );
}
