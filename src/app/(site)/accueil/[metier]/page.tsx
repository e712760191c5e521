import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { NewsletterBlock } from '@/app/_components/newsletter-block';
import { JsonLd } from '@/components/article/json-ld';
import { BannerCarousel } from '@/components/home/banner-carousel';
import { HomeNews } from '@/components/home/home-news';
import { OffersCarousel } from '@/components/home/offers-carousel';
import { SolutionsCarousel } from '@/components/home/solutions-carousel';
import { PageAnalytics } from '@/components/layout/page-analytics';
import { QuestionBlock } from '@/components/news/question-block';
import { SimulatorsBlock } from '@/components/news/simulators-block';
import { WhitePapersBlock } from '@/components/news/white-papers-block';
import { TradeSelector } from '@/components/ui/trade-selector';
import { PATHS, SIMULATOR_TOPICS } from '@/lib/constants';
import { TRADE_OPTIONS } from '@/lib/navigation';
import { shopLinks } from '@/lib/shop-links';
import { DAILY_NAME, PUBLISHER_NAME } from '@/lib/site';
import { getDb } from '@/server/db/client';
import { env } from '@/server/env';
import { type HomePageData, loadHomePage } from '@/server/pages/home-page';
import { feedPath, organizationJsonLd, pageMetadata } from '@/server/pages/seo';
import styles from './page.module.css';

// The home page of each trade, cached like the news pages (decision 003). Visitors never see this path:
// next.config.ts rewrites `/` to /accueil/tous and `/?metier=fiscal` to /accueil/fiscal, so the trade filter of
// the query string maps onto one cached page per trade instead of a render per request.
// A literal, as Next.js reads it at build time: ISR_REVALIDATE_SECONDS of src/server/http/route-table.ts.
export const revalidate = 60;
export const dynamicParams = true;

/** Nothing is rendered at build time (the build has no database): each trade's page is made on first request. */
export function generateStaticParams(): { metier: string }[] {
  return [];
}

/** The path segment of the home page without a trade filter. */
const ALL_TRADES = 'tous';

export const metadata: Metadata = pageMetadata({
  title: `${DAILY_NAME} : actualité, boutique et espace client | ${PUBLISHER_NAME}`,
  absoluteTitle: true,
  description: `${DAILY_NAME}, l’actualité juridique, fiscale, sociale et comptable des professionnels, la boutique et l’espace client des ${PUBLISHER_NAME}.`,
  path: PATHS.home,
  feed: feedPath(),
});

type Props = { params: Promise<{ metier: string }> };

export default async function HomePage({ params }: Props) {
  const { metier } = await params;
  const trade = metier === ALL_TRADES ? '' : metier;
  // The empty slug of TRADE_OPTIONS is "all trades", reached through /accueil/tous only.
  if (!TRADE_OPTIONS.some((option) => option.slug === trade)) notFound();
  const data = await loadHomePage(await getDb(), trade || undefined).catch(
    (error: unknown): HomePageData => ({
      issue: null,
      issueError: `(500):${error instanceof Error ? error.message : String(error)}`,
      news: [],
      banners: [],
      offers: [],
      solutions: [],
      whitePapers: [],
      simulatorTopics: [...SIMULATOR_TOPICS],
    }),
  );
  const shop = shopLinks(env().SHOP_BASE_URL);

  return (
    <div className={`container ${styles.home}`}>
      <PageAnalytics pageName="accueil" contentKind="homepage" trade={trade} />
      {/* The spec's hidden marker: an issue that failed to load leaves "(status):message" for diagnosis. */}
      {data.issueError ? (
        <span hidden data-testid="issue-error">
          {data.issueError}
        </span>
      ) : null}
      <BannerCarousel banners={data.banners} />
      <div className={styles.layout}>
        <div className={styles.main}>
          <h1 className={styles.issueName}>
            <span className={styles.kicker}>L’actualité du jour</span> {data.issue?.issueName ?? DAILY_NAME}
          </h1>
          <HomeNews news={data.news} />
          <div className={styles.newsletter}>
            <NewsletterBlock />
          </div>
        </div>
        <aside className={styles.aside} aria-label="Services">
          <SimulatorsBlock topics={data.simulatorTopics} />
          <WhitePapersBlock papers={data.whitePapers} />
          <QuestionBlock contactUrl={shop.contact} />
        </aside>
      </div>
      <OffersCarousel products={data.offers} allOffersUrl={shop.offersOfTheMoment} />
      <div className={styles.trades}>
        <TradeSelector label="Découvrez toutes nos offres pour votre métier" value={trade} />
      </div>
      <SolutionsCarousel solutions={data.solutions} />
      <JsonLd data={organizationJsonLd()} />
    </div>
  );
}
