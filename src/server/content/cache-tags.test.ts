import { describe, expect, it } from 'vitest';
import {
  type ArticleTagFacts,
  archiveTag,
  dropsAtOnce,
  EVERYTHING,
  ISSUE_CHANGE,
  isTouchedBy,
  SEARCH_CHANGE,
  TAXONOMY_CHANGE,
  tagsOfArticleChange,
  tagsOfArticlePage,
  tagsOfArticlePath,
  tagsOfArticleWithdrawal,
  tagsOfListingPage,
  tagsOfPagePath,
  tagsOfPublicRead,
  tagsOfRateTableChange,
  tagsOfRateTablePage,
  tagsOfRenderedPage,
  tagsOfSharedRead,
  tagsOfSiteMenu,
  tagsOfStaticPage,
  tagsOfStaticPageChange,
} from './cache-tags';

const SOCIAL: ArticleTagFacts = {
  id: 'S1',
  type: 'actualite',
  topicSlugs: ['social', 'paie'],
  trades: ['expert-comptable'],
  publicationDate: new Date('2026-03-31T23:30:00Z'),
};
const FISCAL: ArticleTagFacts = {
  id: 'F1',
  type: 'actualite',
  topicSlugs: ['fiscal', 'tva'],
  trades: ['expert-comptable'],
  publicationDate: new Date('2026-02-10T09:00:00Z'),
};
const FISCAL_RATES: ArticleTagFacts = { ...FISCAL, id: 'R1', type: 'chiffres-taux' };

/** The copies of a small site, each with the tags its page or read records. */
const COPIES = {
  socialArticle: tagsOfArticlePage(SOCIAL),
  fiscalArticle: tagsOfArticlePage(FISCAL),
  otherFiscalArticle: tagsOfArticlePage({ id: 'F2' }),
  enrichedPage: tagsOfArticlePage({ id: 'E1' }),
  newsHome: tagsOfListingPage('news', [undefined]),
  socialListing: tagsOfListingPage('news', ['social']),
  fiscalListing: tagsOfListingPage('news', ['fiscal', 'tva']),
  ratesListing: tagsOfListingPage('rates', ['fiscal']),
  cgu: tagsOfStaticPage('cgu', false),
  bookshop: tagsOfStaticPage('librairie', true),
  issueRead: tagsOfPublicRead('/api/issue', {}),
  fiscalSingleRead: tagsOfPublicRead('/api/article/single', { newsId: 'F1' }),
  summaryRead: tagsOfPublicRead('/api/article/summary', {}),
  suggestRead: tagsOfPublicRead('/api/search/suggest', {}),
  searchPage: tagsOfRenderedPage('/search'),
  searchRead: tagsOfSharedRead('search'),
  agendaPage: tagsOfRenderedPage('/agenda'),
  vatRateTable: tagsOfRateTablePage('tva'),
  smicRateTable: tagsOfRateTablePage('smic'),
  rateTablesIndex: tagsOfRateTablePage(),
  untaggedPage: [EVERYTHING],
};
type Copy = keyof typeof COPIES;

/** The copies a change naming `tags` refreshes. */
function refreshed(tags: readonly string[]): Copy[] {
  return (Object.keys(COPIES) as Copy[]).filter((copy) => isTouchedBy(COPIES[copy], tags));
}

describe('the tags of a change, and the copies it refreshes', () => {
  it('an article publication names its page, topics, trades, list, the home, the issue, its month, the feeds and the searches', () => {
    expect(tagsOfArticleChange(SOCIAL).sort()).toEqual(
      [
        'article:S1',
        'topic:social',
        'topic:paie',
        'trade:expert-comptable',
        'list:news',
        'home',
        'issue',
        // Published at 01:30 in Paris on 1 April: the April archive.
        'archive:2026-04',
        'feeds',
        'articles',
      ].sort(),
    );
  });

  it('a Social article refreshes its page, the news home, the Social listing and the issue, nothing Fiscal', () => {
    expect(refreshed(tagsOfArticleChange(SOCIAL))).toEqual([
      'socialArticle',
      'newsHome',
      'socialListing',
      'issueRead',
      'summaryRead',
      'suggestRead',
      'searchPage',
      'searchRead',
      'agendaPage',
      'untaggedPage',
    ]);
  });

  it('a publication or a correction refreshes the searches and suggestions, served meanwhile; a withdrawal drops them', () => {
    for (const change of [
      tagsOfArticleChange(SOCIAL),
      tagsOfArticleChange(FISCAL, { ...FISCAL, id: 'F1' }),
    ]) {
      expect(refreshed(change)).toEqual(expect.arrayContaining(['searchPage', 'searchRead', 'suggestRead']));
      expect(dropsAtOnce(change)).toBe(false);
    }
    expect(dropsAtOnce(tagsOfArticleWithdrawal(tagsOfArticleChange(SOCIAL)))).toBe(true);
  });

  it('a withdrawal refreshes what showed the article and every search and suggestion at once', () => {
    const withdrawal = tagsOfArticleWithdrawal(tagsOfArticleChange(FISCAL));
    expect(withdrawal).toEqual(expect.arrayContaining(tagsOfArticleChange(FISCAL)));
    const touched = refreshed(withdrawal);
    expect(touched).toEqual(
      expect.arrayContaining(['fiscalArticle', 'fiscalListing', 'searchPage', 'searchRead', 'suggestRead']),
    );
    expect(touched).not.toContain('socialArticle');
    expect(touched).not.toContain('vatRateTable');
  });

  it('a rate table version refreshes its page and the index, not the other tables nor any article or list', () => {
    expect(tagsOfRateTableChange('tva').sort()).toEqual(['rate-table:tva', 'rate-tables']);
    expect(refreshed(tagsOfRateTableChange('tva'))).toEqual([
      'agendaPage',
      'vatRateTable',
      'rateTablesIndex',
      'untaggedPage',
    ]);
  });

  it('a Fiscal correction refreshes its page and the Fiscal lists, not the other Fiscal article pages', () => {
    const touched = refreshed(tagsOfArticleChange(FISCAL));
    expect(touched).toEqual(expect.arrayContaining(['fiscalArticle', 'fiscalListing', 'fiscalSingleRead']));
    expect(touched).not.toContain('otherFiscalArticle');
    expect(touched).not.toContain('socialArticle');
    expect(touched).not.toContain('cgu');
  });

  it('a correction that moves an article to another topic refreshes both topics', () => {
    const moved = { ...FISCAL, topicSlugs: ['social'] };
    const touched = refreshed(tagsOfArticleChange(FISCAL, moved));
    expect(touched).toEqual(expect.arrayContaining(['fiscalArticle', 'fiscalListing', 'socialListing']));
    expect(touched).not.toContain('socialArticle');
  });

  it('an article of another type refreshes its own list, not the news lists', () => {
    const touched = refreshed(tagsOfArticleChange(FISCAL_RATES));
    expect(touched).toContain('ratesListing');
    expect(touched).not.toContain('socialListing');
    expect(touched).not.toContain('newsHome');
  });

  it('a part of an enriched news refreshes the enriched news page too', () => {
    const part = { ...SOCIAL, id: 'P1', topicSlugs: [], enrichedNewsId: 'E1' };
    expect(refreshed(tagsOfArticleChange(part))).toContain('enrichedPage');
  });

  it('the issue refreshes the issue read and the home, no article page or listing', () => {
    expect(refreshed(ISSUE_CHANGE)).toEqual(['issueRead', 'agendaPage', 'untaggedPage']);
  });

  it('a static page refreshes that page alone', () => {
    expect(refreshed(tagsOfStaticPageChange('cgu'))).toEqual(['cgu', 'agendaPage', 'untaggedPage']);
  });

  it('a topic (the taxonomy) refreshes every page that shows a label, not the static pages', () => {
    const touched = refreshed(TAXONOMY_CHANGE);
    expect(touched).toEqual(
      expect.arrayContaining([
        'socialArticle',
        'fiscalArticle',
        'socialListing',
        'ratesListing',
        'issueRead',
        'searchPage',
        'suggestRead',
      ]),
    );
    expect(touched).not.toContain('cgu');
    expect(touched).not.toContain('vatRateTable');
  });

  it('the search blocklist refreshes the searches and suggestions only', () => {
    expect(refreshed(SEARCH_CHANGE)).toEqual([
      'suggestRead',
      'searchPage',
      'searchRead',
      'agendaPage',
      'untaggedPage',
    ]);
  });

  it('the shop refreshes the search page (its products), not the search reads', () => {
    const touched = refreshed(['shop']);
    expect(touched).toContain('searchPage');
    expect(touched).not.toContain('searchRead');
  });

  it('a withdrawal, the blocklist and everything drop their copies at once; a publication or a correction does not', () => {
    expect(dropsAtOnce(tagsOfArticleWithdrawal(tagsOfArticleChange(SOCIAL)))).toBe(true);
    expect(dropsAtOnce(SEARCH_CHANGE)).toBe(true);
    expect(dropsAtOnce([EVERYTHING])).toBe(true);
    expect(dropsAtOnce(tagsOfArticleChange(SOCIAL))).toBe(false);
    expect(dropsAtOnce(tagsOfRateTableChange('tva'))).toBe(false);
    expect(dropsAtOnce(tagsOfStaticPageChange('cgu'))).toBe(false);
  });

  it('everything refreshes every copy', () => {
    expect(refreshed([EVERYTHING])).toEqual(Object.keys(COPIES));
  });
});

describe('the header’s « Simulateurs » menu', () => {
  const SHOWN = ['fiscal', 'social', 'finance'];
  const menuCopies = {
    fiscalArticle: [...tagsOfArticlePage(FISCAL), ...tagsOfSiteMenu(SHOWN)],
    ratesListing: [...tagsOfListingPage('rates', ['comptable']), ...tagsOfSiteMenu(SHOWN)],
    cgu: [...tagsOfStaticPage('cgu', false), ...tagsOfSiteMenu(SHOWN)],
    articleWithFullMenu: [...tagsOfArticlePage({ id: 'F2' }), ...tagsOfSiteMenu([...SHOWN, 'affaires'])],
  };
  type MenuCopy = keyof typeof menuCopies;
  const refreshedMenus = (tags: readonly string[]) =>
    (Object.keys(menuCopies) as MenuCopy[]).filter((copy) => isTouchedBy(menuCopies[copy], tags));
  const simulator = (topicSlugs: string[], trades: string[] = []): ArticleTagFacts => ({
    ...FISCAL,
    id: 'SIM1',
    type: 'simulateur',
    topicSlugs,
    trades,
  });

  it('a page records the families its menu hides, none when it lists them all', () => {
    expect(tagsOfSiteMenu(SHOWN)).toEqual(['simulators:affaires']);
    expect(tagsOfSiteMenu([])).toEqual([
      'simulators:fiscal',
      'simulators:social',
      'simulators:finance',
      'simulators:affaires',
    ]);
    expect(tagsOfSiteMenu([...SHOWN, 'affaires'])).toEqual([]);
  });

  it('the first simulator of a hidden family refreshes every page whose menu hides it', () => {
    expect(refreshedMenus(tagsOfArticleChange(simulator(['affaires', 'baux-commerciaux'])))).toEqual([
      'fiscalArticle',
      'ratesListing',
      'cgu',
    ]);
  });

  it('a simulator of a family the menus list, or a news article of a hidden family, refreshes no other page', () => {
    expect(refreshedMenus(tagsOfArticleChange(simulator(['fiscal', 'tva'], ['fiscal'])))).toEqual([]);
    expect(refreshedMenus(tagsOfArticleChange({ ...SOCIAL, topicSlugs: ['affaires'] }))).toEqual([]);
  });

  it('a family that is a trade (finance) is named by the simulators of that trade', () => {
    expect(tagsOfArticleChange(simulator(['fiscal'], ['fiscal', 'finance']))).toEqual(
      expect.arrayContaining(['simulators:fiscal', 'simulators:finance']),
    );
  });

  it('an article page Next.js kept on disk may hide any family: the first simulator of any refreshes it', () => {
    expect(tagsOfArticlePath('/actualite/acomptes_F9')).toEqual([
      ...tagsOfArticlePage({ id: 'F9' }),
      ...tagsOfSiteMenu([]),
    ]);
  });
});

describe('tag names', () => {
  it('the archive month is Paris time', () => {
    expect(archiveTag(new Date('2026-12-31T23:30:00Z'))).toBe('archive:2027-01');
    expect(archiveTag(new Date('2026-07-15T12:00:00Z'))).toBe('archive:2026-07');
  });

  it('a shared read of no known namespace carries everything', () => {
    expect(tagsOfSharedRead('unknown')).toEqual([EVERYTHING]);
    expect(tagsOfSharedRead('issue')).toContain('issue');
  });

  it('the searches’ reads carry the search tag, every article change’s and the labels', () => {
    for (const namespace of ['search', 'search-facet', 'suggest'])
      expect([...tagsOfSharedRead(namespace)].sort()).toEqual(['articles', 'search', 'taxonomy']);
  });

  it('the rate tables’ pages are not article pages', () => {
    expect(tagsOfArticlePath('/chiffres-taux/tableaux')).toBeUndefined();
    expect(tagsOfArticlePath('/chiffres-taux/tableaux/tva')).toBeUndefined();
    expect(tagsOfRateTablePage('tva')).toEqual(['rate-table:tva']);
  });

  it('a page kept without recorded tags takes them from its path: an article, a rate table, the tables’ index', () => {
    // With every simulator family of the header's menu, which may hide any of them.
    expect(tagsOfPagePath('/chiffres-taux/tableaux/tva')).toEqual(['rate-table:tva', ...tagsOfSiteMenu([])]);
    expect(tagsOfPagePath('/chiffres-taux/tableaux')).toEqual(['rate-tables', ...tagsOfSiteMenu([])]);
    expect(tagsOfPagePath('/actualite/acomptes_F1')).toEqual(tagsOfArticlePath('/actualite/acomptes_F1'));
    expect(tagsOfPagePath('/chiffres-taux/tableaux/tva/2024')).toBeUndefined();
    expect(tagsOfPagePath('/archives/2024')).toBeUndefined();
  });
});
