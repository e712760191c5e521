import type { Metadata } from 'next';
import { RedirectsPage } from '@/components/newsroom/taxonomy/redirects-page';

export const metadata: Metadata = { title: 'Redirections' };

export default function Page() {
  return <RedirectsPage />;
}
