import type { Metadata } from 'next';
import { RedirectsPage } from '@/components/newsroom/site/site-admin-pages';

export const metadata: Metadata = { title: 'Redirections' };

export default function Page() {
  return <RedirectsPage />;
}
