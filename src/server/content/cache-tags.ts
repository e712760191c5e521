import 'server-only';
import { ARTICLE_TYPE, PATHS, SIMULATOR_TOPICS } from '@/lib/constants';
import { SITE_TIME_ZONE } from '@/lib/dates';
import { parseArticleParam } from '@/lib/urls';

/**
 * The tags of content changes and of cached copies (docs/decisions/073-content-tags.md).
 *
 * A change names what it touched (an article, a topic, the issue, a static page…); every cached copy (a page cache
 * entry, an ISR page, a shared read) carries the tags of what it shows; a change refreshes only the copies that
 * carry one of its tags. A copy that shows something must carry its tag, or a change would leave it stale: when
 * in doubt a copy carries EVERYTHING (refreshed by every change), and a change that cannot say what it touched
 * names EVERYTHING (refreshes every copy). The page cache's searches and suggestions carry SEARCH_TEXT: an article
 * change refreshes only those its article's text may change (src/server/search/change-matching.ts, decision 078);
 * the search's shared reads carry ANY_ARTICLE, which every article change names (decision 076).
 */

/** Carried by a copy: refreshed by every change. Named by a change: refreshes every copy. */
export const EVERYTHING = '*';

/** The home page. */
const HOME_TAG = 'home';
/** The home's blocks that other pages show too (banners on topic pages, white papers on the news home). */
const HOME_BLOCKS_TAG = 'home-blocks';
/** The day's issue (and the issue read by the home page and `/api/issue`). */
const ISSUE_TAG = 'issue';
/** Sitemaps and RSS feeds. */
const FEEDS_TAG = 'feeds';
/** Topics' and trades' labels and tree, shown on every listing and article page. */
const TAXONOMY_TAG = 'taxonomy';
/** The redirects and removed addresses the request steps answer. */
const REDIRECTS_TAG = 'redirects';
/** The shop's products and white papers shown beside articles and lists. */
const SHOP_TAG = 'shop';
/** Every search page and suggestion list: named by what readers must stop seeing there at once. */
const SEARCH_TAG = 'search';
/** Carried by the copies that may show any article (the search's shared reads): named by every article change. */
const ANY_ARTICLE_TAG = 'articles';
/**
 * Carried by the page cache's search pages and suggestion lists: an article change (naming ANY_ARTICLE) refreshes
 * such a copy only when the changed article's text may change its answer, which the instance tells from one read
 * of the article (decision 078); without that read, every one.
 */
const SEARCH_TEXT_TAG = 'search-text';
/** The index of the rate tables (each table's title and latest effective date). */
const RATE_TABLES_TAG = 'rate-tables';

/** The lists of articles, one per kind of list a type of article appears in. */
export const LIST_TAGS = {
  news: 'list:news',
  agenda: 'list:agenda',
  rates: 'list:rates',
  simulators: 'list:simulators',
} as const;
const ALL_LIST_TAGS: readonly string[] = Object.values(LIST_TAGS);

export const articleTag = (id: string) => `article:${id}`;
const topicTag = (slug: string) => `topic:${slug}`;
const tradeTag = (slug: string) => `trade:${slug}`;
const staticPageTag = (slug: string) => `page:${slug}`;
const rateTableTag = (id: string) => `rate-table:${id}`;
/** The simulators of one family of the header's « Simulateurs » menu (fiscal, social, finance, affaires). */
const simulatorFamilyTag = (family: string) => `simulators:${family}`;
/** The archive month of a date, in Paris time (the editorial day): `archive:2026-03`. */
export function archiveTag(date: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: SITE_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
  })
    .formatToParts(date)
    .reduce<Record<string, string>>((all, part) => Object.assign(all, { [part.type]: part.value }), {});
  return `archive:${parts.year}-${parts.month}`;
}

/** A tag as it travels (NOTIFY payload, revalidation body): short, no spaces or control characters. */
export const TAG_PATTERN = /^[\p{L}\p{N}_:.~*-]{1,160}$/u;

/** The list an article type appears in; an unknown type may appear anywhere. */
function listTagsOfType(type: string): readonly string[] {
  switch (type) {
    case ARTICLE_TYPE.agenda:
      return [LIST_TAGS.agenda];
    case ARTICLE_TYPE.rates:
      return [LIST_TAGS.rates];
    case ARTICLE_TYPE.simulator:
      return [LIST_TAGS.simulators];
    case ARTICLE_TYPE.news:
    case ARTICLE_TYPE.podcast:
    case ARTICLE_TYPE.infographic:
    case ARTICLE_TYPE.video:
    case ARTICLE_TYPE.timeline:
      return [LIST_TAGS.news];
    default:
      return ALL_LIST_TAGS;
  }
}

/** What the tags of an article depend on: its public copy. */
export type ArticleTagFacts = {
  id: string;
  type: string;
  /** Slugs of its topics and thematics (both are nodes of the topic tree). */
  topicSlugs: readonly string[];
  trades: readonly string[];
  publicationDate: Date;
  /** An enriched news' part is shown on the enriched news' page, whose address has this id. */
  enrichedNewsId?: string | null | undefined;
};

/**
 * The menu families a simulator belongs to: by topic, or by trade for a family that is a trade (finance). A
 * simulator of a trade named like a topic (a severance simulator for the business-law trade) names that family
 * too: one spare refresh of the menus that hide it, never a menu left without a family that got a simulator.
 */
function simulatorFamiliesOf(article: ArticleTagFacts): string[] {
  if (article.type !== ARTICLE_TYPE.simulator) return [];
  return SIMULATOR_TOPICS.filter(
    (family) => article.topicSlugs.includes(family) || article.trades.includes(family),
  );
}

function articleTags(article: Pick<ArticleTagFacts, 'id' | 'enrichedNewsId'>): string[] {
  return article.enrichedNewsId && article.enrichedNewsId !== article.id
    ? [articleTag(article.id), articleTag(article.enrichedNewsId)]
    : [articleTag(article.id)];
}

/**
 * What a publication, correction or withdrawal of an article touches, from its public copy before and after the
 * change (a correction may move it to another topic or month: both lists must refresh). Its page, the pages that
 * show it in a list (its topics', its trades', its type's list, the home, the issue), its archive month and the
 * feeds, the searches (any of them may match it); a simulator also its menu families. Other articles' pages are
 * left alone (their "À lire aussi" catches up within their freshness).
 */
export function tagsOfArticleChange(...versions: readonly (ArticleTagFacts | null | undefined)[]): string[] {
  const tags = new Set<string>();
  for (const article of versions) {
    if (!article) continue;
    for (const tag of articleTags(article)) tags.add(tag);
    for (const slug of article.topicSlugs) tags.add(topicTag(slug));
    for (const trade of article.trades) tags.add(tradeTag(trade));
    for (const list of listTagsOfType(article.type)) tags.add(list);
    for (const family of simulatorFamiliesOf(article)) tags.add(simulatorFamilyTag(family));
    tags.add(HOME_TAG);
    // Whether it is in the day's issue needs a read; an issue is small and rarely asked twice a second.
    tags.add(ISSUE_TAG);
    tags.add(archiveTag(article.publicationDate));
    tags.add(FEEDS_TAG);
    tags.add(ANY_ARTICLE_TAG);
  }
  return [...tags];
}

/** A change of the daily issue: the issue read, and the home page that shows it. */
export const ISSUE_CHANGE: readonly string[] = [ISSUE_TAG, HOME_TAG];
/** A change of the home page's blocks (banners, offers…): the home and the listings that show some. */
export const HOME_BLOCKS_CHANGE: readonly string[] = [HOME_TAG, HOME_BLOCKS_TAG];
/** A change of the topic tree or of a trade: every page that shows a label. */
export const TAXONOMY_CHANGE: readonly string[] = [TAXONOMY_TAG, FEEDS_TAG];
/** A change of the redirects: the redirect table of each instance; no page shows them. */
export const REDIRECTS_CHANGE: readonly string[] = [REDIRECTS_TAG];
/** A change of the shop's catalogue or its mappings. */
export const SHOP_CHANGE: readonly string[] = [SHOP_TAG];
/** A change of the search suggestions' blocklist: every copy of a search or a suggestion list. */
export const SEARCH_CHANGE: readonly string[] = [SEARCH_TAG];

/**
 * A withdrawal of articles (unpublished: their addresses answer 410): what showed them (`tagsOfArticleChange` of
 * their public copies), and every search and suggestion list at once, since any of them may list a withdrawn
 * article or offer its title: dropped, not served while a refresh renders (`dropsAtOnce`).
 */
export function tagsOfArticleWithdrawal(articleChange: readonly string[]): string[] {
  return [...new Set([...articleChange, SEARCH_TAG])];
}

/** A new version of a rate table: its page and the index that lists it (its latest effective date). */
export const tagsOfRateTableChange = (id: string): string[] => [rateTableTag(id), RATE_TABLES_TAG];

/** A rate table's page shows that table; the index (no id) shows every table's title and latest date. */
export const tagsOfRateTablePage = (id?: string): string[] => (id ? [rateTableTag(id)] : [RATE_TABLES_TAG]);
/** A save of an editorial (static) page. */
export const tagsOfStaticPageChange = (slug: string): string[] => [staticPageTag(slug)];

/**
 * What an article page shows that a change must refresh at once: the article (and its enriched news), shop
 * products, labels. Its "À lire aussi" (the latest news of its thematics or topic) is left to the page's freshness
 * (60 s, then refreshed in the background): tagging it with its topics would render every article page of a topic
 * again at each publication in it, where a correction must refresh only the article and the lists that show it.
 */
export function tagsOfArticlePage(article: Pick<ArticleTagFacts, 'id' | 'enrichedNewsId'>): string[] {
  return [...articleTags(article), SHOP_TAG, TAXONOMY_TAG];
}

/**
 * What the header's « Simulateurs » menu of a reader page shows that a change must refresh at once: the families
 * it hides, `simulatorFamiliesShown` being the others. The first simulator of a hidden family refreshes every page
 * (each menu must list it: once per family); a simulator published or corrected in a family already shown
 * refreshes none. A family emptied by the withdrawal of its last simulator leaves the menus within the pages'
 * freshness (60 s): knowing that a withdrawal emptied it would take a read at each change.
 */
export function tagsOfSiteMenu(simulatorFamiliesShown: readonly string[]): string[] {
  return SIMULATOR_TOPICS.filter((family) => !simulatorFamiliesShown.includes(family)).map(
    simulatorFamilyTag,
  );
}

/** The sections whose `/{section}/{slug}_{id}` pages are articles (news, simulators, figures and rates). */
const ARTICLE_SECTIONS: ReadonlySet<string> = new Set([PATHS.news, PATHS.simulators, PATHS.rates]);

/**
 * An article page's tags from its path alone, for a copy no render of this process recorded (Next.js serving a page
 * it kept on disk before the start): the id in the path is the article's, or its enriched news' (whose parts name
 * it when they change); its menu may hide any simulator family. Undefined for any other path.
 */
export function tagsOfArticlePath(path: string): string[] | undefined {
  const [section, param, ...rest] = path.split('/').filter(Boolean);
  if (!section || !param || rest.length > 0 || !ARTICLE_SECTIONS.has(`/${section}`)) return undefined;
  const article = parseArticleParam(param);
  return article ? [...tagsOfArticlePage({ id: article.id }), ...tagsOfSiteMenu([])] : undefined;
}

/** The rate tables' pages: `/chiffres-taux/tableaux` (the index) and `/chiffres-taux/tableaux/{id}`. */
const RATE_TABLE_PATH = new RegExp(`^${PATHS.rates}/tableaux(?:/([a-z0-9-]{1,80}))?$`);

/**
 * A page's tags from its path alone, for a copy no render of this process recorded: an article page's
 * (`tagsOfArticlePath`), a rate table's or the tables' index; undefined for any other path (it carries
 * EVERYTHING).
 */
export function tagsOfPagePath(path: string): string[] | undefined {
  const rateTable = RATE_TABLE_PATH.exec(path);
  // Its menu may hide any simulator family, as an article page's (tagsOfArticlePath).
  if (rateTable) return [...tagsOfRateTablePage(rateTable[1]), ...tagsOfSiteMenu([])];
  return tagsOfArticlePath(path);
}

/**
 * What a section listing shows, filtered by topic and thematics: the news listings their articles, the simulators'
 * topics in use, banners and white papers (home blocks), products and labels; the figures and simulators
 * listings their type's list (the simulators' also the topics in use) and labels.
 * A news listing of a topic or thematic shows only articles filed under it (their `topicIds` hold its id), whose
 * changes name its tag (an article's topics and thematics, before and after a correction; a renamed topic retags
 * its articles): its topic tags say what it shows, and a Social publication leaves the Fiscal listings alone. The
 * news home (no topic) shows any news article: the news list. The figures and simulators listings, changed
 * rarely, keep their type's list.
 */
export function tagsOfListingPage(
  section: keyof typeof LIST_TAGS,
  topicSlugs: readonly (string | undefined)[],
): string[] {
  const topics = topicSlugs.filter((slug): slug is string => slug !== undefined).map(topicTag);
  const shown =
    section === 'news'
      ? [...(topics.length > 0 ? [] : [LIST_TAGS.news]), LIST_TAGS.simulators, HOME_BLOCKS_TAG, SHOP_TAG]
      : [LIST_TAGS[section]];
  return [...shown, ...topics, TAXONOMY_TAG];
}

/** An editorial page shows its own text (the bookshop's also the shop's products). */
export function tagsOfStaticPage(slug: string, showsShop: boolean): string[] {
  return showsShop ? [staticPageTag(slug), SHOP_TAG] : [staticPageTag(slug)];
}

/**
 * A search's shared reads (results and facets, a suggestion list, kept 5 s): the search tag, which withdrawals and
 * the blocklist name, every article change (they may match any article), and the labels they show.
 */
const SEARCH_READ_TAGS: readonly string[] = [SEARCH_TAG, ANY_ARTICLE_TAG, TAXONOMY_TAG];
/**
 * The page cache's copy of a search page or a suggestion list: as its shared reads, but refreshed by an article
 * change only when the article's text may change it (SEARCH_TEXT_TAG); the page cache adds the `article:` tags of
 * the articles a search page lists (a correction may take one out of it).
 */
const SEARCH_COPY_TAGS: readonly string[] = [SEARCH_TAG, SEARCH_TEXT_TAG, TAXONOMY_TAG];

/** The tags of each namespace of shared reads (src/server/cache/shared-reads.ts); an unnamed one carries EVERYTHING. */
const SHARED_READ_TAGS: Record<string, readonly string[]> = {
  issue: [ISSUE_TAG, TAXONOMY_TAG],
  summary: [...ALL_LIST_TAGS, TAXONOMY_TAG],
  'simulator-topics': [LIST_TAGS.simulators, TAXONOMY_TAG],
  search: SEARCH_READ_TAGS,
  'search-facet': SEARCH_READ_TAGS,
  suggest: SEARCH_READ_TAGS,
};

export function tagsOfSharedRead(namespace: string): readonly string[] {
  return SHARED_READ_TAGS[namespace] ?? [EVERYTHING];
}

/** The page cache's public API reads (route-table.ts `shared-read`, `anonymous-read`), by path and parsed query. */
export function tagsOfPublicRead(
  pathname: string,
  query: { newsId?: string | undefined },
): readonly string[] {
  switch (pathname) {
    case '/api/issue':
      return tagsOfSharedRead('issue');
    case '/api/article/summary':
      return tagsOfSharedRead('summary');
    case '/api/article/single':
      return query.newsId ? [articleTag(query.newsId), TAXONOMY_TAG] : [EVERYTHING];
    case '/api/search/suggest':
      return SEARCH_COPY_TAGS;
    default:
      return [EVERYTHING];
  }
}

/**
 * The page cache's pages rendered per request (route-table.ts `rendered`), by path: an anonymous search page shows
 * a search (its results and facets), the shop's products matching it and the header's menu (which may hide any
 * simulator family: its tags are not recorded per render); any other (the agenda) carries EVERYTHING.
 */
export function tagsOfRenderedPage(pathname: string): readonly string[] {
  return pathname === PATHS.search ? [...SEARCH_COPY_TAGS, SHOP_TAG, ...tagsOfSiteMenu([])] : [EVERYTHING];
}

/**
 * True when the copies a change touches must go at once, readers waiting for a render rather than getting the
 * previous copy while one refresh renders the new one (the page cache, decision 076): a withdrawal and the search
 * blocklist (both name `search`: what readers must stop seeing), and a change of everything.
 */
export function dropsAtOnce(changed: readonly string[]): boolean {
  return changed.includes(EVERYTHING) || changed.includes(SEARCH_TAG);
}

/**
 * True when a change naming `changed` must refresh a copy carrying `carried`. A search copy (SEARCH_TEXT_TAG) is
 * touched by an article change when `textMayChange` says the article's text may change its answer, or when there is
 * no such test (the article could not be read: every search copy is refreshed, as before decision 078).
 */
export function isTouchedBy(
  carried: readonly string[],
  changed: readonly string[],
  textMayChange?: () => boolean,
): boolean {
  if (changed.includes(EVERYTHING) || carried.includes(EVERYTHING)) return true;
  if (carried.some((tag) => changed.includes(tag))) return true;
  if (!carried.includes(SEARCH_TEXT_TAG) || !changed.includes(ANY_ARTICLE_TAG)) return false;
  return textMayChange ? textMayChange() : true;
}

/**
 * The articles whose text a change may have changed, when the searches kept by the page cache need to know it (an
 * article change that is not dropped at once); undefined for any other change.
 */
export function articlesOfTextChange(changed: readonly string[]): string[] | undefined {
  if (!changed.includes(ANY_ARTICLE_TAG) || dropsAtOnce(changed)) return undefined;
  const prefix = articleTag('');
  return changed.filter((tag) => tag.startsWith(prefix)).map((tag) => tag.slice(prefix.length));
}

/** The tags a kept search page adds for the articles it lists (a correction of one of them refreshes it). */
export const tagsOfListedArticles = (ids: Iterable<string>): string[] => [...new Set(ids)].map(articleTag);
