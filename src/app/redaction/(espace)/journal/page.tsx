import type { Metadata } from 'next';
import { Suspense } from 'react';
import { AuditPage } from '@/components/newsroom/staff/audit-page';

export const metadata: Metadata = { title: 'Journal' };

export default function Page() {
  return (
    <Suspense fallback={<p className="loading">Chargement...</p>}>
      <AuditPage />
    </Suspense>
  );
}
