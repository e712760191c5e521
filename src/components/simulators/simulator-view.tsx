import { ArticleContent } from '@/components/article/article-content';
import { ArticleMeta } from '@/components/article/article-meta';
import { RelatedNews } from '@/components/article/related-news';
import { PageAnalytics } from '@/components/layout/page-analytics';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { PATHS } from '@/lib/constants';
import { topicPath } from '@/lib/urls';
import type { ArticlePageData } from '@/server/pages/article-page';
import type { EmbedSource } from '@/server/simulators/embed-page';
import { SimulatorFrame } from './simulator-frame';
import styles from './simulators.module.css';
import { SIMULATORS_TITLE, type SimulatorSourceOf } from './simulators-view';

/** A simulator: its title and summary, the simulator itself in a frame, its official source, then its text. */
export function SimulatorView({
  data,
  sourceOf,
  siteUrl,
}: {
  data: ArticlePageData;
  sourceOf: SimulatorSourceOf;
  siteUrl: string;
}) {
  const { article, isPaywallable, related } = data;
  const topic = article.topics[0];
  const source = sourceOf(article.simulator_url);
  return (
    <div className={`container ${styles.page}`}>
      <PageAnalytics pageName="simulateur" contentKind="simulateur" />
      <Breadcrumb
        siteUrl={siteUrl}
        crumbs={[
          { name: SIMULATORS_TITLE, path: PATHS.simulators },
          ...(topic ? [{ name: topic.label, path: topicPath('simulators', topic.slug) }] : []),
        ]}
      />
      <article className={styles.simulator}>
        <h1 className={styles.title}>{article.title}</h1>
        {article.summary ? <p className={styles.intro}>{article.summary}</p> : null}
        <ArticleMeta article={article} />
        {article.simulator_url ? (
          <SimulatorFrame
            className={styles.frame}
            src={article.simulator_url}
            title={`Simulateur : ${article.title}`}
          />
        ) : (
          <p role="status">Ce simulateur n’est pas disponible pour le moment.</p>
        )}
        {source ? (
          <p className={styles.officialSource}>
            {yearNotice(article.title, source)}
            Source officielle ({source.year}) : {source.title}, {source.reference}.{' '}
            <a href={source.url} rel="noopener noreferrer external" target="_blank">
              Consulter la source
              <span className="visually-hidden"> (nouvel onglet)</span>
            </a>
          </p>
        ) : null}
        <ArticleContent
          newsId={article.enriched_news_id ?? article.id}
          view={article.view}
          sections={article.sections}
          isPaywallable={isPaywallable}
        />
      </article>
      <RelatedNews news={related} />
    </div>
  );
}

/**
 * A simulator titled with a year whose rules it does not compute with (« … 2026 » on the 2025 scale) says which
 * year's rules apply and why, before its source; nothing when the years agree or the title names none.
 */
export function yearNotice(title: string, source: EmbedSource): string | null {
  const titleYear = Number(/\b(20\d{2})\b/.exec(title)?.[1]);
  if (!titleYear || titleYear === source.year) return null;
  const why = source.validity ?? `les règles de ${source.year} sont les plus récentes publiées.`;
  return `Pour ${titleYear}, ce simulateur applique les règles de ${source.year} : ${why} `;
}
