import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { TextPageView } from '@/components/legal-references/text-page-view';
import { getDb } from '@/server/db/client';
import { env } from '@/server/env';
import { keyOfPath } from '@/server/legal-references/describe';
import { loadTextPage, textFeedPath, textJsonLd, textPagePath } from '@/server/legal-references/text-page';
import { pageMetadata } from '@/server/pages/seo';

// Rendered on first request, then cached and regenerated in the background; nothing at build time.
// A literal, as Next.js reads it at build time: ISR_REVALIDATE_SECONDS of src/server/http/route-table.ts.
export const revalidate = 60;
export const dynamicParams = true;
export function generateStaticParams(): { first: string; second: string; rest: string[] }[] {
  return [];
}

type Props = { params: Promise<{ first: string; second: string; rest?: string[] }> };

/** /textes/{code}/article-{article}[/page/N], /textes/{kind}/{identifier}[/page/N]: null for any other path. */
const load = cache(async (first: string, second: string, rest: readonly string[]) => {
  const key = keyOfPath(decodeURIComponent(first), decodeURIComponent(second));
  if (!key) return null;
  let page = 1;
  if (rest.length > 0) {
    const [word, number] = rest;
    if (rest.length !== 2 || word !== 'page' || !number || !/^[2-9]$|^[1-9]\d{1,2}$/.test(number))
      return null;
    page = Number(number);
  }
  return loadTextPage(await getDb(), key, page);
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { first, second, rest = [] } = await params;
  const data = await load(first, second, rest);
  if (!data) return {};
  const { reference, total, page } = data;
  return pageMetadata({
    title: `${reference.label}${page > 1 ? ` – page ${page}` : ''}`,
    description: `${reference.label} : ${total === 1 ? 'l’actualité et la documentation qui le citent' : `les ${total} actualités et documents qui le citent`}, du plus récent au plus ancien, et le lien vers le texte officiel.`,
    path: textPagePath(reference, page),
    feed: textFeedPath(reference),
  });
}

export default async function TextPage({ params }: Props) {
  const { first, second, rest = [] } = await params;
  const data = await load(first, second, rest);
  if (!data) notFound();
  return (
    <TextPageView
      data={data}
      siteUrl={env().SITE_URL}
      pagePath={(page) => textPagePath(data.reference, page)}
      rssPath={textFeedPath(data.reference)}
      jsonLd={textJsonLd(data.reference)}
    />
  );
}
