import type { Metadata } from 'next';
import { RateTableAdminPage } from '@/components/newsroom/rate-tables/rate-tables-admin';

export const metadata: Metadata = { title: 'Tableau de chiffres et taux' };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  return <RateTableAdminPage id={(await params).id} />;
}
