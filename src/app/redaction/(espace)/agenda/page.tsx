import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ArticleList } from '@/components/newsroom/article-list';
import { ARTICLE_TYPE } from '@/lib/constants';

export const metadata: Metadata = { title: 'Agenda' };

/** The agenda's events: articles of type agenda, in the same editor and workflow as every article. */
export default function AgendaEventsPage() {
  return (
    <Suspense fallback={<p className="loading">Chargement...</p>}>
      <ArticleList kind={{ type: ARTICLE_TYPE.agenda, title: 'Agenda', newLabel: 'Nouvel événement' }} />
    </Suspense>
  );
}
