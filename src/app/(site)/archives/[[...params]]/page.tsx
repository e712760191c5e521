import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { ArchiveView } from '@/components/archive/archive-view';
import { MONTHS } from '@/lib/months';
import { loadArchivePage } from '@/server/archive/archive-page';
import { canonicalArchivePath, normaliseArchiveParams } from '@/server/archive/archive-params';
import { getDb } from '@/server/db/client';
import { env } from '@/server/env';
import { pageMetadata } from '@/server/pages/seo';

// Rendered on first request, then cached and regenerated in the background; nothing at build time.
// A literal, as Next.js reads it at build time: ISR_REVALIDATE_SECONDS of src/server/http/route-table.ts.
export const revalidate = 60;
export const dynamicParams = true;
export function generateStaticParams(): { params: string[] }[] {
  return [];
}

type Props = { params: Promise<{ params?: string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const selection = normaliseArchiveParams((await params).params ?? []);
  const month = MONTHS[selection.month - 1]?.name ?? '';
  return pageMetadata({
    title: `Archives de ${month} ${selection.year}${selection.page > 1 ? ` – page ${selection.page}` : ''}`,
    description: `Toutes les actualités, chiffres et taux, simulateurs et échéances publiés en ${month} ${selection.year}.`,
    path: canonicalArchivePath(selection),
  });
}

/** /archives/{year}/{month}/{page}, all optional: any other form is sent to its canonical, normalised path. */
export default async function ArchivesPage({ params }: Props) {
  const segments = (await params).params ?? [];
  const selection = normaliseArchiveParams(segments);
  const canonical = canonicalArchivePath(selection);
  if (`/archives/${segments.map(encodeURIComponent).join('/')}` !== canonical) redirect(canonical);
  return <ArchiveView data={await loadArchivePage(await getDb(), selection)} siteUrl={env().SITE_URL} />;
}
