import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { sessionOfRequest } from '@/app/actions/session';
import { VersionComparison } from '@/components/article-updates/version-comparison';
import { compareArticleUpdate } from '@/server/article-updates/compare';
import { getDb } from '@/server/db/client';
import { env } from '@/server/env';

// Per reader: the comparison holds what this reader may read (the whole text with a session, else what the
// paywall shows a visitor), so it is rendered for each request and never kept.
export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: 'Ce qui a changé',
  robots: { index: false, follow: true },
};

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** /modifications/{articleId}[?maj={updateId}]: an update compared word by word with the version before it. */
export default async function ComparisonPage({ params, searchParams }: Props) {
  const { id } = await params;
  const asked = (await searchParams).maj;
  const updateId = typeof asked === 'string' && /^\d{1,9}$/.test(asked) ? Number(asked) : undefined;
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(id) || (asked !== undefined && updateId === undefined)) notFound();
  const db = await getDb();
  const hasAccess = (await sessionOfRequest(db)) !== null;
  const comparison = await compareArticleUpdate(db, id, updateId, hasAccess);
  if (!comparison) notFound();
  return <VersionComparison comparison={comparison} siteUrl={env().SITE_URL} />;
}
