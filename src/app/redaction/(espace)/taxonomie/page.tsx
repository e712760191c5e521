import type { Metadata } from 'next';
import { TaxonomyPage } from '@/components/newsroom/taxonomy/taxonomy-page';

export const metadata: Metadata = { title: 'Thèmes et métiers' };

export default function Page() {
  return <TaxonomyPage />;
}
