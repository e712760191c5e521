import type { Metadata } from 'next';
import { ArticleEditor } from '@/components/newsroom/editor/article-editor';
import { ARTICLE_TYPES } from '@/lib/constants';

export const metadata: Metadata = { title: 'Nouvel article' };

type Props = { searchParams: Promise<{ type?: string | string[] }> };

/** `?type=agenda` (or another type) opens the editor on that type: the agenda's and rates' "new" links. */
export default async function NewArticlePage({ searchParams }: Props) {
  const { type } = await searchParams;
  return <ArticleEditor id={null} newType={ARTICLE_TYPES.find((known) => known === type)} />;
}
