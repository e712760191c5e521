import type { AGENDA_TOPICS } from '@/lib/constants';
import type { NewsFilters } from '@/lib/news-filters';
import type { ArchiveMonth, ArticleForReader, ArticleSummary, Banner, NewsItem, TagRef } from './content';
import type { ShopProduct, WhitePaper } from './shop';

/**
 * What the server hands the reader pages' components: the data of each page, built by the page loaders of
 * src/server and rendered by src/components. Plain types (never parsed: they do not cross the network).
 */

/** A section withheld from a visitor without access: its title only, shown locked in the table of contents. */
type LockedSection = { id: string; title: string };

export type ArticlePageData = ArticleForReader & {
  /**
   * The titles of the sections the paywall withheld (enriched news, visitor without access), in order: the table
   * of contents lists them locked, leading to the registration prompt, so readers see what registering unlocks.
   * Titles only: summaries and bodies stay behind the gate.
   */
  lockedSections: LockedSection[];
  /** 'A lire aussi': news sharing a thematic (else the topic), the article itself left out. */
  related: ArticleSummary[];
  /** 'Aller plus loin': shop products for the article's trade and subject (with the shop's fallback). */
  products: ShopProduct[];
  /** "Ce qui a changé": the public notes of its updates, newest first. */
  updates: ArticleUpdateNote[];
};

/** A public note of an article's update ("Ce qui a changé"), as its page shows it. */
export type ArticleUpdateNote = { id: number; note: string; updatedAt: Date };

/** The query the browser repeats for 'Plus d'actualités' (GET /api/article/summary), page and limit aside. */
type ListingFilter = {
  trade?: string;
  topic?: string;
  thematicsId?: string;
  type: string;
  to: string;
};

export type ListingPageData = {
  /** The top-level topic, null on the news home. */
  topic: TagRef | null;
  /** Thematics of the topic that some news carries, offered as filters. */
  thematics: TagRef[];
  /** Selected thematics, valid ones only, in the order of the path. */
  selected: TagRef[];
  /** The trade and format filters of the query string (known values), applied to the whole page. */
  filters: NewsFilters;
  news: NewsItem[];
  /** Whether a full first page came back: 'Plus d'actualités' is offered. */
  hasMore: boolean;
  filter: ListingFilter;
  media: NewsItem[];
  products: ShopProduct[];
  banner: Banner | null;
  whitePapers: WhitePaper[];
  /** The simulator topics holding simulators, for the SIMULATEURS block. */
  simulatorTopics: string[];
};

/** The listing of one content type (simulators, figures and rates) by topic and thematics. */
export type SectionListing = {
  /** The topic of the path; a slug without a root topic (finance) filters by trade instead. */
  topic: { slug: string; label: string } | null;
  /** Thematics of the topic that some item of the type carries, offered as filters. */
  thematics: TagRef[];
  selected: TagRef[];
  news: NewsItem[];
  hasMore: boolean;
  /** The GET /api/article/summary query the browser repeats to load more, page and limit aside. */
  filter: Record<string, string>;
  /** Simulators only: the topics holding simulators, offered as the listing's topics. */
  topicsInUse?: string[];
};

/** The official source a simulator's embed cites. */
export type EmbedSource = {
  title: string;
  reference: string;
  year: number;
  url: string;
  /** Why this year's rules apply to a later year, for a page titled with that year (SimulatorView says it). */
  validity?: string;
};

/** A digital solution of 'Nos solutions' (spec section 3). */
export type Solution = { title: string; text: string; link: string; color: string };

export type AgendaTopic = (typeof AGENDA_TOPICS)[number];

export type AgendaEvent = ArticleSummary & { event_date: string };
/** The events of one day, in a page of the month. */
export type AgendaDay = { day: string; events: AgendaEvent[] };

export type AgendaMonth = {
  /** Every day of the month that has at least one event (the calendar's selectable days), YYYY-MM-DD. */
  eventDays: string[];
  /** The page of events, grouped by day in date order. */
  days: AgendaDay[];
  total: number;
  page: number;
  pageCount: number;
};

type MonthRef = { year: number; month: number; param: string; iso: string };

export type AgendaPageData = {
  topic: AgendaTopic | null;
  month: MonthRef;
  previous: MonthRef;
  next: MonthRef;
  agenda: AgendaMonth;
  /** Today in Paris, YYYY-MM-DD. */
  today: string;
};

/** The month and page of the archive a path selects. */
export type ArchiveSelection = { year: number; month: number; page: number };

export type ArchivePageData = {
  selection: ArchiveSelection;
  /** ARCHIVE_START_YEAR to this year. */
  years: number[];
  /** Twelve months with their totals and whether they can be chosen (not after the current month). */
  months: (ArchiveMonth & { disabled: boolean })[];
  news: NewsItem[];
  pageCount: number;
};
