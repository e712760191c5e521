import Link from 'next/link';
import { ImageWithFallback } from '@/components/ui/image-with-fallback';
import { LEAD_IMAGE_SIZES, LISTING_IMAGE_HEIGHT, LISTING_IMAGE_WIDTH } from '@/lib/constants';
import type { ArticleSummary, TeaserArticle } from '@/lib/contracts/content';
import { formatLongDate } from '@/lib/dates';
import { focalPosition } from '@/lib/focal-point';
import { articlePath } from '@/lib/urls';
import styles from './news-teaser.module.css';

export type { TeaserArticle };

/**
 * A teaser with its date as the server writes it: a list the browser renders (NewsListSection) then makes no date
 * formatter while the page hydrates (building one with a time zone costs a phone about 35 ms).
 */
export type ListedTeaser = TeaserArticle & { dateLabel?: string };

/** The teaser fields of an article, with its first topic and listing image only. */
export function toTeaser(article: TeaserArticle): ListedTeaser {
  const image = listingImage(article);
  return {
    id: article.id,
    type: article.type,
    slug: article.slug,
    enriched_news_id: article.enriched_news_id,
    title: article.title,
    summary: article.summary,
    topics: article.topics.slice(0, 1),
    publication_date: article.publication_date,
    dateLabel: formatLongDate(article.publication_date),
    images: image ? [image] : [],
  };
}

type Props = {
  article: ListedTeaser;
  /** The lead story gets its image and a larger title; a card (carousels) a small image. */
  variant?: 'lead' | 'side' | 'row' | 'card';
  headingLevel?: 'h2' | 'h3';
  /** Only the largest image above the fold is loaded first. */
  priority?: boolean;
};

/** The listing image of an article: its 1200 x 628 thumbnail, else its cover. */
function listingImage(article: Pick<ArticleSummary, 'images'>) {
  return (
    article.images.find((image) => image.content_type === 'thumbnail') ??
    article.images.find((image) => image.content_type === 'cover')
  );
}

/** One news item in a list: topic, linked title, date and, for leads and rows, the summary. */
export function NewsTeaser({
  article,
  variant = 'row',
  headingLevel: Heading = 'h3',
  priority = false,
}: Props) {
  const image = variant === 'lead' || variant === 'card' ? listingImage(article) : undefined;
  const topic = article.topics[0];
  return (
    <article className={`${styles.teaser} ${styles[variant]}`}>
      {image ? (
        <ImageWithFallback
          className={styles.cover}
          src={image.href}
          alt=""
          width={LISTING_IMAGE_WIDTH}
          height={LISTING_IMAGE_HEIGHT}
          sizes={variant === 'lead' ? LEAD_IMAGE_SIZES : '(min-width: 1000px) 400px, 90vw'}
          objectPosition={focalPosition(image.focal_point)}
          priority={priority}
        />
      ) : null}
      {topic ? <p className={styles.topic}>{topic.label}</p> : null}
      <Heading className={styles.title}>
        {/* Lists hold dozens of news: prefetching each one in view would cost the server a render per link. */}
        <Link href={articlePath({ ...article, enrichedNewsId: article.enriched_news_id })} prefetch={false}>
          {article.title}
        </Link>
      </Heading>
      <p className={styles.date}>
        <time dateTime={article.publication_date}>
          {article.dateLabel ?? formatLongDate(article.publication_date)}
        </time>
      </p>
      {(variant === 'lead' || variant === 'row') && article.summary ? (
        <p className={styles.summary}>{article.summary}</p>
      ) : null}
    </article>
  );
}
