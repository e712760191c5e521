import type { Metadata } from 'next';
import { ArticleEditor } from '@/components/newsroom/editor/article-editor';

export const metadata: Metadata = { title: 'Modifier un article' };

export default async function EditArticlePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <ArticleEditor key={id} id={id} />;
}
