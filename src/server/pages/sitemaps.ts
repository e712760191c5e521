import 'server-only';
import { and, asc, desc, gte, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import {
  AGENDA_TOPICS,
  ARCHIVE_START_YEAR,
  ARTICLE_TYPE,
  NEWS_TOPICS,
  PATHS,
  RATES_TOPICS,
  SIMULATOR_TOPICS,
} from '@/lib/constants';
import { DAILY_NAME } from '@/lib/site';
import { articlePath, topicPath } from '@/lib/urls';
import { parisMidnight } from '@/server/content/paris-time';
import type { Db } from '@/server/db/client';
import { articles, topics } from '@/server/db/schema';
import { articleLinkColumns } from '../content/article-summary';
import { absoluteUrl, isIndexable } from './seo';

/** The Google News sitemap lists the news of the last two days. */
const GOOGLE_NEWS_WINDOW_MS = 2 * 24 * 60 * 60 * 1000;

export type SitemapEntry = { path: string; lastModified?: Date | undefined };

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const XML_HEADER = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** A <urlset> of absolute URLs. */
export function urlSetXml(entries: readonly SitemapEntry[]): string {
  const urls = entries.map(
    (entry) =>
      `<url><loc>${escapeXml(absoluteUrl(entry.path))}</loc>${
        entry.lastModified ? `<lastmod>${entry.lastModified.toISOString()}</lastmod>` : ''
      }</url>`,
  );
  return `${XML_HEADER}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** The <sitemapindex> over the child sitemaps. */
export function sitemapIndexXml(paths: readonly string[]): string {
  const items = paths.map((path) => `<sitemap><loc>${escapeXml(absoluteUrl(path))}</loc></sitemap>`);
  return `${XML_HEADER}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`;
}

/** Paths of the child sitemaps: sections, taxonomy, one per year of news since the archive starts, Google News. */
export function childSitemapPaths(now: Date = new Date()): string[] {
  const years: number[] = [];
  for (let year = now.getUTCFullYear(); year >= ARCHIVE_START_YEAR; year -= 1) years.push(year);
  return [
    '/sitemaps/sections.xml',
    '/sitemaps/taxonomie.xml',
    '/sitemaps/textes.xml',
    ...years.map((year) => `/sitemaps/actualites/${year}.xml`),
    '/sitemaps/google-news.xml',
  ];
}

/** The sections of the site and their topics. */
export function sectionEntries(): SitemapEntry[] {
  return [
    PATHS.home,
    PATHS.news,
    ...NEWS_TOPICS.map((topic) => topicPath('news', topic)),
    PATHS.agenda,
    ...AGENDA_TOPICS.map((topic) => topicPath('agenda', topic)),
    PATHS.simulators,
    ...SIMULATOR_TOPICS.map((topic) => topicPath('simulators', topic)),
    PATHS.rates,
    ...RATES_TOPICS.map((topic) => topicPath('rates', topic)),
    PATHS.archives,
    PATHS.bookshop,
  ].map((path) => ({ path }));
}

/** The sub-topic paths /actualite/{trade}/{subtopic}: every child of a news topic of the taxonomy. */
export async function taxonomyEntries(db: Db): Promise<SitemapEntry[]> {
  const roots = await db
    .select({ id: topics.id, slug: topics.slug })
    .from(topics)
    .where(and(isNull(topics.parentId), inArray(topics.slug, [...NEWS_TOPICS])));
  if (roots.length === 0) return [];
  const children = await db
    .select({ slug: topics.slug, parentId: topics.parentId })
    .from(topics)
    .where(
      inArray(
        topics.parentId,
        roots.map((root) => root.id),
      ),
    )
    .orderBy(asc(topics.sortOrder));
  const slugOf = new Map(roots.map((root) => [root.id, root.slug]));
  return children.flatMap((child) => {
    const root = child.parentId ? slugOf.get(child.parentId) : undefined;
    return root ? [{ path: topicPath('news', root, [child.slug]) }] : [];
  });
}

const NEWS_TYPES = [
  ARTICLE_TYPE.news,
  ARTICLE_TYPE.video,
  ARTICLE_TYPE.podcast,
  ARTICLE_TYPE.timeline,
  ARTICLE_TYPE.infographic,
];

const linkColumns = {
  ...articleLinkColumns,
  title: articles.title,
  publicationDate: articles.publicationDate,
  updateDate: articles.updateDate,
  additionalProperties: articles.additionalProperties,
};

/** The news published within `period` (conditions on the publication date), newest first. */
function newsPublished(db: Db, ...period: SQL[]) {
  return db
    .select(linkColumns)
    .from(articles)
    .where(and(inArray(articles.type, NEWS_TYPES), ...period))
    .orderBy(desc(articles.publicationDate));
}

/** The indexable news of a calendar year (Paris time), newest first. */
export async function newsEntriesOfYear(db: Db, year: number, indexing?: boolean): Promise<SitemapEntry[]> {
  const rows = await newsPublished(
    db,
    gte(articles.publicationDate, parisMidnight(year, 1)),
    lt(articles.publicationDate, parisMidnight(year + 1, 1)),
  );
  return rows
    .filter((row) =>
      isIndexable({
        indexing: indexing ?? true,
        additionalProperties: row.additionalProperties,
        publicationDate: row.publicationDate,
      }),
    )
    .map((row) => ({
      path: articlePath(row).split('#')[0] ?? '',
      lastModified: row.updateDate ?? row.publicationDate,
    }));
}

/** The Google News sitemap: the news of the last two days with their title and publication date. */
export async function googleNewsXml(db: Db, now: Date = new Date()): Promise<string> {
  const rows = await newsPublished(
    db,
    gte(articles.publicationDate, new Date(now.getTime() - GOOGLE_NEWS_WINDOW_MS)),
    sql`${articles.publicationDate} <= ${now}`,
  );
  const urls = rows
    .filter((row) => isIndexable({ indexing: true, additionalProperties: row.additionalProperties }))
    .map(
      (row) =>
        `<url><loc>${escapeXml(absoluteUrl(articlePath(row).split('#')[0] ?? ''))}</loc><news:news><news:publication><news:name>${escapeXml(
          DAILY_NAME,
        )}</news:name><news:language>fr</news:language></news:publication><news:publication_date>${row.publicationDate.toISOString()}</news:publication_date><news:title>${escapeXml(
          row.title,
        )}</news:title></news:news></url>`,
    );
  return `${XML_HEADER}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** Response headers of the sitemaps and feeds: cacheable by any cache for a few minutes. */
export const FEED_CACHE_HEADERS = {
  'Cache-Control': 'public, max-age=300, s-maxage=300, stale-while-revalidate=600',
};
