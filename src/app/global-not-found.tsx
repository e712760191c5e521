import type { Metadata } from 'next';
import { NOT_FOUND_METADATA, NotFoundContent } from '@/app/_components/not-found-content';
import { SiteChrome } from '@/app/_components/site-chrome';
import { SIMULATOR_TOPICS } from '@/lib/constants';
import { env } from '@/server/env';
import { sourceSans, sourceSerif } from './fonts';
import './globals.css';

export const metadata: Metadata = NOT_FOUND_METADATA;

/**
 * Any unknown path (status 404), with the reader site's frame. Next answers it without rendering a layout, and
 * does not send it with every page as it does the root not-found.tsx: a frame there tripled the header, footer and
 * login forms in every page's payload (experimental `globalNotFound`, next.config.ts).
 */
export default function GlobalNotFound() {
  const config = env();
  return (
    // The consent state script marks <html> before React hydrates it (ConsentStateScript).
    <html lang="fr" className={`${sourceSans.variable} ${sourceSerif.variable}`} suppressHydrationWarning>
      <body>
        <SiteChrome
          shopBaseUrl={config.SHOP_BASE_URL}
          subscriberUrl={config.SUBSCRIBER_URL}
          accountsManagedBy={config.ACCOUNTS_MANAGED_BY}
          analyticsScriptUrl={config.ANALYTICS_SCRIPT_URL}
          // Prerendered at build, which has no database: every simulator family, as before any was hidden.
          simulatorTopics={SIMULATOR_TOPICS}
        >
          <NotFoundContent />
        </SiteChrome>
      </body>
    </html>
  );
}
