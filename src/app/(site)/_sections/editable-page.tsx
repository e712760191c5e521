import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache, type ReactNode } from 'react';
import { StaticPage } from '@/components/static/static-page';
import { STATIC_PAGE_PATHS, type StaticPageSlug, type StaticPageView } from '@/lib/contracts/static-pages';
import { tagRenderedPage } from '@/server/cache/page-tags';
import { tagsOfStaticPage } from '@/server/content/cache-tags';
import { getDb } from '@/server/db/client';
import { readStaticPage } from '@/server/editorial-pages/reader-pages';
import { STATIC_PAGE_DESCRIPTIONS } from '@/server/editorial-pages/static-page-defaults';
import { env } from '@/server/env';
import { pageMetadata } from '@/server/pages/seo';
import { withSiteMenuTags } from '@/server/pages/site-menu';

export type EditablePageProps = { params: Promise<{ rest?: string[] }> };

/** One read per render: the metadata and the page share it. */
const readPage = cache(async (slug: StaticPageSlug) => readStaticPage(await getDb(), slug));

/**
 * The metadata and page of an editorial page: its optional catch-all route answers only its own
 * address (anything under it is not found), cached like the news pages and refreshed at once when staff save it
 * (decision 016). `render` draws it with `StaticPage` unless the page has its own view (the bookshop).
 */
export function editablePage(slug: StaticPageSlug, view?: (page: StaticPageView) => Promise<ReactNode>) {
  async function generateMetadata({ params }: EditablePageProps): Promise<Metadata> {
    if ((await params).rest) return {};
    const page = await readPage(slug);
    return pageMetadata({
      title: page.title,
      description: STATIC_PAGE_DESCRIPTIONS[slug],
      path: STATIC_PAGE_PATHS[slug],
    });
  }

  async function render(params: EditablePageProps['params']): Promise<ReactNode> {
    if ((await params).rest) notFound();
    const page = await readPage(slug);
    // The bookshop's own view shows the shop's products too.
    tagRenderedPage(
      STATIC_PAGE_PATHS[slug],
      await withSiteMenuTags(tagsOfStaticPage(slug, view !== undefined)),
    );
    return view ? view(page) : <StaticPage page={page} siteUrl={env().SITE_URL} />;
  }

  return { generateMetadata, render };
}
