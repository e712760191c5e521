import type { Metadata } from 'next';
import { RateTableAdminPage } from '@/components/rates/tables/newsroom/rate-tables-admin';

export const metadata: Metadata = { title: 'Tableau de chiffres et taux' };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  return <RateTableAdminPage id={(await params).id} />;
}
