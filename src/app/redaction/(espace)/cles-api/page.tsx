import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ApiKeysPage } from '@/components/newsroom/staff/api-keys-page';

export const metadata: Metadata = { title: 'Clés d’API' };

export default function Page() {
  return (
    <Suspense fallback={<p className="loading">Chargement...</p>}>
      <ApiKeysPage />
    </Suspense>
  );
}
