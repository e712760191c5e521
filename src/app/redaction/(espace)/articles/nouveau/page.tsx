import type { Metadata } from 'next';
import { ArticleEditor } from '@/components/newsroom/editor/article-editor';

export const metadata: Metadata = { title: 'Nouvel article' };

export default function NewArticlePage() {
  return <ArticleEditor id={null} />;
}
