import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ArticleList } from '@/components/newsroom/article-list';
import { ARTICLE_TYPE } from '@/lib/constants';

export const metadata: Metadata = { title: 'Chiffres et taux' };

/** The figures and rates: articles of type chiffres-taux, in the same editor and workflow as every article. */
export default function RatesArticlesPage() {
  return (
    <Suspense fallback={<p className="loading">Chargement...</p>}>
      <ArticleList
        kind={{
          type: ARTICLE_TYPE.rates,
          title: 'Chiffres et taux',
          newLabel: 'Nouvel article de chiffres et taux',
        }}
      />
    </Suspense>
  );
}
