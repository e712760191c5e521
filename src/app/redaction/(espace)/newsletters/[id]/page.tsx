import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { CampaignPage } from '@/components/newsroom/newsletter/newsletter-pages';

export const metadata: Metadata = { title: 'Campagne de newsletter' };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!/^\d{1,9}$/.test(id)) notFound();
  return <CampaignPage key={id} id={Number(id)} />;
}
