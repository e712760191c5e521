import type { ComponentProps } from 'react';
import { ArticleView } from '@/components/article/article-view';
import { JsonLd } from '@/components/article/json-ld';
import { PageAnalytics } from '@/components/layout/page-analytics';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { type ListingSection, topicPath } from '@/lib/urls';
import { env } from '@/server/env';
import { absoluteUrl, newsArticleJsonLd } from '@/server/pages/seo';

type Props = {
  data: ComponentProps<typeof ArticleView>['data'];
  /** The article's own path, without the hash. */
  canonical: string;
  /** The section the article belongs to, for the breadcrumb and its topic link. */
  section: { name: string; path: string; listing: ListingSection };
};

/** An article page of a section (news, figures and rates): the article, its breadcrumb and its NewsArticle JSON-LD. */
export function SectionArticle({ data, canonical, section }: Props) {
  const { article } = data;
  const siteUrl = env().SITE_URL;
  const topic = article.topics[0];
  const cover = article.images.find((image) => image.content_type === 'cover');
  return (
    <>
      <PageAnalytics
        pageName="article"
        contentKind={article.sections.length > 0 ? 'article_enrichi' : 'article'}
      />
      <ArticleView
        data={data}
        url={absoluteUrl(canonical)}
        breadcrumb={
          <Breadcrumb
            siteUrl={siteUrl}
            crumbs={[
              { name: section.name, path: section.path },
              ...(topic ? [{ name: topic.label, path: topicPath(section.listing, topic.slug) }] : []),
            ]}
          />
        }
      />
      <JsonLd
        data={newsArticleJsonLd({
          title: article.title,
          description: article.summary,
          path: canonical,
          publicationDate: article.publication_date,
          updateDate: article.update_date,
          author: article.author,
          image: cover?.href,
          section: topic?.label,
          gated: data.isPaywallable,
        })}
      />
    </>
  );
}
