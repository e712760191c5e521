import type { Metadata } from 'next';
import { RateTablesAdminPage } from '@/components/newsroom/rate-tables/rate-tables-admin';

export const metadata: Metadata = { title: 'Tableaux de chiffres et taux' };

export default function Page() {
  return <RateTablesAdminPage />;
}
