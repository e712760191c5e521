import type { Metadata } from 'next';
import { Suspense } from 'react';
import { RevisionsPage } from '@/components/newsroom/revisions-page';

export const metadata: Metadata = { title: 'Révisions' };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <Suspense fallback={<p className="loading">Chargement...</p>}>
      <RevisionsPage id={id} />
    </Suspense>
  );
}
