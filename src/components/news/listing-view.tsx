import type { ReactNode } from 'react';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { FORMAT_LABELS } from '@/components/ui/format-filter';
import { ARTICLE_TYPE, MORE_NEWS_PAGE_SIZE, PATHS } from '@/lib/constants';
import { TOPIC_LABELS } from '@/lib/navigation';
import type { NewsFilters } from '@/lib/news-filters';
import type { ListingPageData } from '@/server/pages/news-listing';
import { ListingBanner } from './listing-banner';
import { ListingNav } from './listing-nav';
import styles from './listing-view.module.css';
import { MediaCarousel } from './media-carousel';
import { NewsGrid } from './news-grid';
import { NewsListSection } from './news-list-section';
import { toTeaser } from './news-teaser';
import { ProductPromotion } from './product-promotion';
import { QuestionBlock } from './question-block';
import { SimulatorsBlock } from './simulators-block';
import { ThematicFilter } from './thematic-filter';
import { WhitePapersBlock } from './white-papers-block';

/** The media carousel's title: what it holds under the format filter. */
function mediaTitle(filters: NewsFilters): string {
  if (filters.format === ARTICLE_TYPE.video) return 'Vidéos';
  if (filters.format === ARTICLE_TYPE.podcast) return 'Podcasts';
  return 'Vidéos et podcasts';
}

/** Says which filters shape the page, with a link to the page without them. */
function FilterSummary({ filters }: { filters: NewsFilters }) {
  const parts = [
    filters.metier ? `métier ${TOPIC_LABELS[filters.metier] ?? filters.metier}` : null,
    filters.format ? `format ${FORMAT_LABELS[filters.format]}` : null,
  ].filter(Boolean);
  return <p className={styles.filters}>Actualités filtrées : {parts.join(', ')}.</p>;
}

/** News in the main grid above the list. */
const GRID_SIZE = 5;

type Props = {
  data: ListingPageData;
  contactUrl: string;
  siteUrl: string;
  /** The newsletter block (its no-JavaScript path is a server action, which the page hands over). */
  newsletter: ReactNode;
};

/**
 * The news home (/actualite) and the topic and thematic pages: grid, video and podcast carousel, newsletter
 * block, the list with 'Plus d'actualités'; the news home adds the SIMULATEURS, LIVRES BLANCS and UNE QUESTION ?
 * blocks, a topic page its thematic filter, one product and a banner.
 */
export function ListingView({ data, contactUrl, siteUrl, newsletter }: Props) {
  const { topic, thematics, selected, filters } = data;
  const grid = data.news.slice(0, GRID_SIZE);
  const rest = data.news.slice(GRID_SIZE);
  const crumbs = topic
    ? [
        { name: 'Actualités', path: PATHS.news },
        ...(selected.length > 0
          ? [
              { name: topic.label, path: `${PATHS.news}/${topic.slug}` },
              { name: selected.map((t) => t.label).join(', ') },
            ]
          : [{ name: topic.label }]),
      ]
    : [{ name: 'Actualités' }];
  const heading = topic
    ? selected.length > 0
      ? `${topic.label} : ${selected.map((thematic) => thematic.label).join(', ')}`
      : `Actualité : ${topic.label}`
    : 'Actualités';

  return (
    <div className={`container ${styles.page}`}>
      <Breadcrumb siteUrl={siteUrl} crumbs={crumbs} />
      <h1 className={styles.title}>{heading}</h1>
      <ListingNav topic={topic?.slug} filters={filters} />
      {filters.metier || filters.format ? <FilterSummary filters={filters} /> : null}
      {topic ? (
        <ThematicFilter topic={topic} thematics={thematics} selected={selected} filters={filters} />
      ) : null}
      <div className={topic ? styles.single : styles.columns}>
        <div className={styles.main}>
          {data.news.length > 0 ? <NewsGrid news={grid} label="À la une" /> : null}
          {topic ? <ProductPromotion product={data.products[0]} /> : null}
          <MediaCarousel news={data.media} title={mediaTitle(filters)} />
          {topic && data.banner ? (
            <div className={styles.banner}>
              <ListingBanner banner={data.banner} />
            </div>
          ) : null}
          <div className={styles.newsletter}>{newsletter}</div>
          <NewsListSection
            heading="Toutes les actualités"
            news={rest.map(toTeaser)}
            hasMore={data.hasMore}
            filter={data.filter}
            pageSize={MORE_NEWS_PAGE_SIZE}
            page={Math.floor(data.news.length / MORE_NEWS_PAGE_SIZE)}
            emptyWhenNone={data.news.length === 0}
          />
        </div>
        {topic ? null : (
          <aside className={styles.aside} aria-label="Services">
            <SimulatorsBlock topics={data.simulatorTopics} />
            <WhitePapersBlock papers={data.whitePapers} />
            <QuestionBlock contactUrl={contactUrl} />
          </aside>
        )}
      </div>
    </div>
  );
}
