import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { RateTableView } from '@/components/rates/tables/rate-table-view';
import { parisIsoDay } from '@/lib/dates';
import { getDb } from '@/server/db/client';
import { env } from '@/server/env';
import { pageMetadata } from '@/server/pages/seo';
import { getRateTable, publicRateTable } from '@/server/rate-tables/tables';

// Rendered on first request, then kept and regenerated like the other figures and rates pages.
// A literal, as Next.js reads it at build time: ISR_REVALIDATE_SECONDS of src/server/http/route-table.ts.
export const revalidate = 60;
export const dynamicParams = true;
export function generateStaticParams(): { id: string }[] {
  return [];
}

type Props = { params: Promise<{ id: string }> };

/** One read per render: the metadata and the page share it; an id no table has is not found. */
const readTable = cache(async (id: string) =>
  /^[a-z0-9-]{1,80}$/.test(id) ? getRateTable(await getDb(), id) : null,
);

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const table = await readTable((await params).id);
  if (!table) return {};
  return pageMetadata({ title: table.title, description: table.description, path: table.path });
}

/** /chiffres-taux/tableaux/{id}: a rate table, its values by date and its history. */
export default async function RateTablePage({ params }: Props) {
  const table = await readTable((await params).id);
  if (!table) notFound();
  return (
    <RateTableView table={publicRateTable(table)} today={parisIsoDay(new Date())} siteUrl={env().SITE_URL} />
  );
}
