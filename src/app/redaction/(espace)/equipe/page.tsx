import type { Metadata } from 'next';
import { Suspense } from 'react';
import { StaffPage } from '@/components/newsroom/staff/staff-page';

export const metadata: Metadata = { title: 'Équipe' };

export default function Page() {
  return (
    <Suspense fallback={<p className="loading">Chargement...</p>}>
      <StaffPage />
    </Suspense>
  );
}
