'use client';

import { useEffect } from 'react';
import { type ContentKind, setPageContext } from '@/client/analytics';

type PageAnalyticsProps = { pageName: string; contentKind: ContentKind; trade?: string };

/**
 * Describes the page to analytics: its name, content kind (spec section 3) and trade. Render it once in a page;
 * the layout's tracker sends the view with it.
 *
 * Usage: `<PageAnalytics pageName="article" contentKind="article_enrichi" trade="fiscal" />`
 */
export function PageAnalytics({ pageName, contentKind, trade }: PageAnalyticsProps) {
  useEffect(() => {
    setPageContext({ pageName, contentKind, ...(trade ? { trade } : {}) });
    // Leaving the page: the next one starts from the default unless it describes itself.
    return () => setPageContext(null);
  }, [pageName, contentKind, trade]);
  return null;
}
