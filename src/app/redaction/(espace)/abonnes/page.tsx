import type { Metadata } from 'next';
import { SubscribersPage } from '@/components/newsroom/site/site-admin-pages';

export const metadata: Metadata = { title: 'Abonnés à la newsletter' };

export default function Page() {
  return <SubscribersPage />;
}
