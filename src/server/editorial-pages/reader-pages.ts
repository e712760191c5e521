import 'server-only';
import { eq } from 'drizzle-orm';
import type { StaticPageFields, StaticPageSlug, StaticPageView } from '@/lib/contracts/static-pages';
import { formatLongDate } from '@/lib/dates';
import { sanitizeEditorialHtml } from '../content/sanitize';
import type { Db } from '../db/client';
import { staticPages } from '../db/schema';
import { STATIC_PAGE_DEFAULTS } from './static-page-defaults';

/**
 * An editorial page as readers see it: its row, or its original text while it has none (a
 * database made before the pages were editable must not lose its legal notices). The body is sanitised again on
 * render, internal `flash:id:` links resolved; the date is written out in French.
 */
export async function readStaticPage(db: Db, slug: StaticPageSlug): Promise<StaticPageView> {
  const [row] = await db
    .select({
      title: staticPages.title,
      lead: staticPages.lead,
      bodyHtml: staticPages.bodyHtml,
      updatedOn: staticPages.updatedOn,
    })
    .from(staticPages)
    .where(eq(staticPages.slug, slug))
    .limit(1);
  return staticPageView(row ?? STATIC_PAGE_DEFAULTS[slug]);
}

/** The reader's view of some fields: what the page and the newsroom's preview render. */
export function staticPageView(fields: StaticPageFields): StaticPageView {
  return {
    title: fields.title,
    lead: fields.lead,
    bodyHtml: sanitizeEditorialHtml(fields.bodyHtml),
    updated: fields.updatedOn ? formatLongDate(fields.updatedOn) : null,
  };
}
