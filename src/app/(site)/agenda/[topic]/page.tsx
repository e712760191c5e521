import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { AgendaView } from '@/components/agenda/agenda-view';
import { TOPIC_LABELS } from '@/lib/navigation';
import { topicPath } from '@/lib/urls';
import { loadAgendaPage } from '@/server/agenda/agenda-page';
import { isAgendaTopic } from '@/server/agenda/ical-feed';
import { getDb } from '@/server/db/client';
import { env } from '@/server/env';
import { pageMetadata } from '@/server/pages/seo';

export const dynamic = 'force-dynamic';

type Props = {
  params: Promise<{ topic: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { topic } = await params;
  const label = TOPIC_LABELS[topic]?.toLowerCase() ?? topic;
  return pageMetadata({
    title: `Agenda ${label}`,
    description: `Les échéances ${label === 'social' ? 'sociales' : 'fiscales'} du mois : déclarations, paiements et formalités.`,
    path: topicPath('agenda', topic),
  });
}

export default async function AgendaTopicPage({ params, searchParams }: Props) {
  const { topic } = await params;
  if (!isAgendaTopic(topic)) notFound();
  const data = await loadAgendaPage(await getDb(), topic, await searchParams);
  return <AgendaView data={data} siteUrl={env().SITE_URL} />;
}
