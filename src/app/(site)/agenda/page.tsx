import type { Metadata } from 'next';
import { AgendaView } from '@/components/agenda/agenda-view';
import { PATHS } from '@/lib/constants';
import { loadAgendaPage } from '@/server/agenda/agenda-page';
import { getDb } from '@/server/db/client';
import { env } from '@/server/env';
import { pageMetadata } from '@/server/pages/seo';

// Rendered per request: the month and page come from the query string and the build must not need the database.
export const dynamic = 'force-dynamic';

export const metadata: Metadata = pageMetadata({
  title: 'Agenda fiscal et social',
  description:
    'Les échéances fiscales et sociales du mois : déclarations, paiements et formalités des entreprises.',
  path: PATHS.agenda,
});

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function AgendaPage({ searchParams }: Props) {
  const params = await searchParams;
  const data = await loadAgendaPage(await getDb(), null, params);
  return <AgendaView data={data} siteUrl={env().SITE_URL} />;
}
