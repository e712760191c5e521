/**
 * The nine reader page templates of issue 16 (home, news home, topic, plain and enriched article, search, agenda,
 * figures and rates, archive) on a seeded server: measured by bench/pages (throughput, Lighthouse, scripts) and
 * checked by tests/e2e/script-budget.e2e.ts.
 */

type NewsItem = {
  id: string;
  slug: string;
  type: string;
  enriched_news_id: string | null;
  additionalProperties?: Record<string, unknown>;
};

/** Articles carrying Themes_Gateway are noindex by rule: Lighthouse's SEO score is measured on indexable ones. */
const indexable = (item: NewsItem) => !('Themes_Gateway' in (item.additionalProperties ?? {}));

export const articlePathOf = (item: NewsItem) =>
  `/actualite/${item.slug}_${item.enriched_news_id ?? item.id}`;

/** The seeded news the article templates use, from the server's own summary call. */
export async function newsOf(baseUrl: string): Promise<NewsItem[]> {
  const url = `${baseUrl}/api/article/summary?limit=100&type=actualite`;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return ((await response.json()) as { news: NewsItem[] }).news;
}

/** Each template's path on the server at `baseUrl`. */
export async function readerTemplates(baseUrl: string) {
  const news = await newsOf(baseUrl);
  const article = news.find((item) => !item.enriched_news_id && item.type === 'actualite' && indexable(item));
  const enriched = news.find((item) => item.enriched_news_id && indexable(item));
  if (!article || !enriched) throw new Error(`${baseUrl}: the seeded site lacks a plain or an enriched news`);
  return {
    home: '/',
    newsHome: '/actualite',
    topic: '/actualite/fiscal',
    article: articlePathOf(article),
    enrichedArticle: articlePathOf(enriched),
    search: '/search?term=fiscal',
    agenda: '/agenda',
    rates: '/chiffres-taux',
    archive: '/archives',
  };
}
