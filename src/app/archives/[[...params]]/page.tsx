import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { ArchiveView } from '@/components/archive/archive-view';
import { MONTHS } from '@/lib/months';
import { loadArchivePage } from '@/server/archive/archive-page';
import { canonicalArchivePath, normaliseArchiveParams } from '@/server/archive/archive-params';
import { getDb } from '@/server/db/client';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ params?: string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const selection = normaliseArchiveParams((await params).params ?? []);
  const month = MONTHS[selection.month - 1]?.name ?? '';
  return {
    title: `Archives de ${month} ${selection.year}${selection.page > 1 ? ` – page ${selection.page}` : ''}`,
    alternates: { canonical: canonicalArchivePath(selection) },
  };
}

/** /archives/{year}/{month}/{page}, all optional: any other form is sent to its canonical, normalised path. */
export default async function ArchivesPage({ params }: Props) {
  const segments = (await params).params ?? [];
  const selection = normaliseArchiveParams(segments);
  const canonical = canonicalArchivePath(selection);
  if (`/archives/${segments.map(encodeURIComponent).join('/')}` !== canonical) redirect(canonical);
  return <ArchiveView data={await loadArchivePage(await getDb(), selection)} />;
}
