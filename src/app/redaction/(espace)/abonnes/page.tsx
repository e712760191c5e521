import type { Metadata } from 'next';
import { SubscribersPage } from '@/components/newsroom/newsletter/subscribers-page';

export const metadata: Metadata = { title: 'Abonnés à la newsletter' };

export default function Page() {
  return <SubscribersPage />;
}
