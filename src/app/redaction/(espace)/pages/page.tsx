import type { Metadata } from 'next';
import { StaticPagesList } from '@/components/newsroom/editorial-pages/static-pages-page';

export const metadata: Metadata = { title: 'Pages' };

export default function Page() {
  return <StaticPagesList />;
}
