import type { Metadata } from 'next';
import { ArticleBinPage } from '@/components/newsroom/article-bin/article-bin-page';

export const metadata: Metadata = { title: 'Corbeille' };

export default function Page() {
  return <ArticleBinPage />;
}
