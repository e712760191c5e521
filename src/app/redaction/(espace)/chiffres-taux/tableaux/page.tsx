import type { Metadata } from 'next';
import { RateTablesAdminPage } from '@/components/rates/tables/newsroom/rate-tables-admin';

export const metadata: Metadata = { title: 'Tableaux de chiffres et taux' };

export default function Page() {
  return <RateTablesAdminPage />;
}
