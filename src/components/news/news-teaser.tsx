import Image from 'next/image';
import Link from 'next/link';
import { formatLongDate } from '@/lib/dates';
import { articlePath } from '@/lib/urls';
import type { ArticleSummary } from '@/server/content/article-summary';
import styles from './news-teaser.module.css';

type Props = {
  article: ArticleSummary;
  /** The lead story gets its cover and a larger title. */
  variant?: 'lead' | 'side' | 'row';
  headingLevel?: 'h2' | 'h3';
};

/** One news item in a list: topic, linked title, date and, for leads and rows, the summary. */
export function NewsTeaser({ article, variant = 'row', headingLevel: Heading = 'h3' }: Props) {
  const cover = article.images.find((image) => image.content_type === 'cover');
  const topic = article.topics[0];
  return (
    <article className={`${styles.teaser} ${styles[variant]}`}>
      {variant === 'lead' && cover ? (
        <Image
          className={styles.cover}
          src={cover.href}
          alt=""
          width={cover.width ?? 1200}
          height={cover.height ?? 628}
          sizes="(min-width: 1000px) 800px, 100vw"
          priority
        />
      ) : null}
      {topic ? <p className={styles.topic}>{topic.label}</p> : null}
      <Heading className={styles.title}>
        <Link href={articlePath({ ...article, enrichedNewsId: article.enriched_news_id })}>
          {article.title}
        </Link>
      </Heading>
      <p className={styles.date}>
        <time dateTime={article.publication_date}>{formatLongDate(article.publication_date)}</time>
      </p>
      {variant !== 'side' && article.summary ? <p className={styles.summary}>{article.summary}</p> : null}
    </article>
  );
}
