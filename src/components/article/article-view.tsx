import Link from 'next/link';
import { ArticleUpdates } from '@/components/article-updates/article-updates';
import { CitedTextsBox } from '@/components/legal-references/cited-texts-box';
import type { ArticlePageData } from '@/lib/contracts/reader-pages';
import { formatLongDate } from '@/lib/dates';
import { archivePathForDate } from '@/lib/urls';
import styles from './article.module.css';
import { ArticleAttachments } from './article-attachments';
import { ArticleContent } from './article-content';
import { ArticleCover } from './article-cover';
import { ArticleMeta } from './article-meta';
import { ArticleTags } from './article-tags';
import { RelatedNews } from './related-news';
import { RelatedProducts } from './related-products';
import { SaveArticleButton } from './save-article-button';
import { ShareBar } from './share-bar';

type Props = {
  data: ArticlePageData;
  /** Absolute URL of the page, for the share links. */
  url: string;
  /** The breadcrumb, rendered above the title. */
  breadcrumb?: React.ReactNode;
  archiveMode?: boolean;
};

const monthYear = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  month: 'long',
  year: 'numeric',
});

/** The article page: header, cover, content (gated for visitors without access), attachments and related blocks. */
export function ArticleView({ data, url, breadcrumb, archiveMode = false }: Props) {
  const { article, isPaywallable, related, products } = data;
  const cover = article.images.find((image) => image.content_type === 'cover') ?? article.images[0];
  const enriched = article.sections.length > 0;
  return (
    <div className={`container ${styles.page}`}>
      {breadcrumb}
      <article className={styles.article} lang="fr">
        <header className={styles.header}>
          {enriched ? <p className={styles.enrichedBadge}>Actualité enrichie</p> : null}
          <ArticleTags topics={article.topics} thematics={article.thematics} archiveMode={archiveMode} />
          <h1 className={styles.title}>{article.title}</h1>
          {article.summary ? <p className={styles.summary}>{article.summary}</p> : null}
          <ArticleMeta article={article} />
          <ArticleUpdates articleId={article.id} updates={data.updates} />
          <ShareBar url={url} title={article.title} />
          <SaveArticleButton articleId={article.id} />
        </header>
        {cover ? <ArticleCover image={cover} /> : null}
        <ArticleContent
          newsId={article.enriched_news_id ?? article.id}
          view={article.view}
          sections={article.sections}
          isPaywallable={isPaywallable}
          lockedSections={data.lockedSections}
        />
        <CitedTextsBox texts={article.cited_texts} />
        <ArticleAttachments attachments={article.attachments} />
        <p className="print-only">Article en ligne : {url}</p>
        <p className={styles.archiveLink}>
          <Link href={archivePathForDate(article.publication_date)}>
            Toutes les actualités de {monthYear.format(new Date(article.publication_date))}
          </Link>
          <span className="visually-hidden">
            {' '}
            (article publié le {formatLongDate(article.publication_date)})
          </span>
        </p>
      </article>
      <aside className={styles.aside} aria-label="Pour aller plus loin">
        <RelatedProducts products={products} />
        <RelatedNews news={related} />
      </aside>
    </div>
  );
}
