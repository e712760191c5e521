import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { IssueEditor } from '@/components/newsroom/daily-issue/issue-editor';

export const metadata: Metadata = { title: 'Composer un numéro' };

export default async function Page({ params }: { params: Promise<{ date: string }> }) {
  const { date } = await params;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date))) notFound();
  return <IssueEditor key={date} date={date} />;
}
