import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { RateTableIndex } from '@/components/rates/tables/rate-table-index';
import { RATE_TABLES_TITLE, RateTableView } from '@/components/rates/tables/rate-table-view';
import { parisIsoDay } from '@/lib/dates';
import { RATE_TABLES_PATH } from '@/lib/rate-tables';
import { tagRenderedPage } from '@/server/cache/page-tags';
import { tagsOfRateTablePage } from '@/server/content/cache-tags';
import { getDb } from '@/server/db/client';
import { env } from '@/server/env';
import { pageMetadata } from '@/server/pages/seo';
import { withSiteMenuTags } from '@/server/pages/site-menu';
import { getRateTable, listRateTables, publicRateTable } from '@/server/rate-tables/tables';

// Rendered on first request, then kept and regenerated like the other figures and rates pages. An optional
// catch-all with no path at build time, so `next build` never renders it (nor opens the database): a page
// prerendered at build would carry inline scripts its Content-Security-Policy does not list (decision 004).
// A literal, as Next.js reads it at build time: ISR_REVALIDATE_SECONDS of src/server/http/route-table.ts.
export const revalidate = 60;
export const dynamicParams = true;
export function generateStaticParams(): { segments: string[] }[] {
  return [];
}

type Props = { params: Promise<{ segments?: string[] }> };

/** One read per render: the metadata and the page share it; an id no table has is not found. */
const readTable = cache(async (id: string) =>
  /^[a-z0-9-]{1,80}$/.test(id) ? getRateTable(await getDb(), id) : null,
);

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { segments = [] } = await params;
  if (segments.length === 0) {
    return pageMetadata({
      title: RATE_TABLES_TITLE,
      description:
        'Barèmes, taux et plafonds de référence avec leur historique, leur valeur à une date et un export CSV.',
      path: RATE_TABLES_PATH,
    });
  }
  const table = segments.length === 1 && segments[0] ? await readTable(segments[0]) : null;
  if (!table) return {};
  return pageMetadata({ title: table.title, description: table.description, path: table.path });
}

/** /chiffres-taux/tableaux: every reference table; /chiffres-taux/tableaux/{id}: one, by date, with its history. */
export default async function RateTablesPage({ params }: Props) {
  const { segments = [] } = await params;
  if (segments.length === 0) {
    tagRenderedPage(RATE_TABLES_PATH, await withSiteMenuTags(tagsOfRateTablePage()));
    return <RateTableIndex list={await listRateTables(await getDb())} siteUrl={env().SITE_URL} />;
  }
  const table = segments.length === 1 && segments[0] ? await readTable(segments[0]) : null;
  if (!table) notFound();
  tagRenderedPage(table.path, await withSiteMenuTags(tagsOfRateTablePage(table.id)));
  return (
    <RateTableView table={publicRateTable(table)} today={parisIsoDay(new Date())} siteUrl={env().SITE_URL} />
  );
}
