import type { Metadata } from 'next';
import { NewslettersPage } from '@/components/newsroom/newsletter/newsletter-pages';

export const metadata: Metadata = { title: 'Newsletters' };

export default function Page() {
  return <NewslettersPage />;
}
