import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { StaticPageEditor } from '@/components/newsroom/editorial-pages/static-pages-page';
import { staticPageSlugSchema } from '@/lib/contracts/static-pages';

export const metadata: Metadata = { title: 'Page' };

type Props = { params: Promise<{ slug: string }> };

export default async function Page({ params }: Props) {
  const slug = staticPageSlugSchema.safeParse((await params).slug);
  if (!slug.success) notFound();
  return <StaticPageEditor slug={slug.data} />;
}
