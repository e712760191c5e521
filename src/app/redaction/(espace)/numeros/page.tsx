import type { Metadata } from 'next';
import { IssuesPage } from '@/components/newsroom/daily-issue/issues-page';

export const metadata: Metadata = { title: 'La Quotidienne' };

export default function Page() {
  return <IssuesPage />;
}
