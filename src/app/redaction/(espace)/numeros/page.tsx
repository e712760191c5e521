import type { Metadata } from 'next';
import { IssuesPage } from '@/components/newsroom/daily-issue/issue-pages';

export const metadata: Metadata = { title: 'La Quotidienne' };

export default function Page() {
  return <IssuesPage />;
}
