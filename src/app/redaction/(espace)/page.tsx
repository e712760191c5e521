import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ArticleList } from '@/components/newsroom/article-list';

export const metadata: Metadata = { title: 'Articles' };

export default function ArticlesPage() {
  return (
    <Suspense fallback={<p className="loading">Chargement...</p>}>
      <ArticleList />
    </Suspense>
  );
}
