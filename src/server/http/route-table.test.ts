import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isKeptRenderedQuery, sharedReadKey } from './page-cache-keys';
import {
  ANONYMOUS_READ_PATHS,
  ISR_REVALIDATE_SECONDS,
  isCachedPagePath,
  isUnkeptPublicRead,
  RENDERED_PAGE_PATHS,
  ROUTES,
  type RouteCaching,
  SHARED_READ_PATHS,
} from './route-table';

const APP = path.resolve(__dirname, '../../app');

/** Every page and route handler of src/app, with its route as `revalidatePath` names it (route groups kept). */
function appRoutes(): { file: string; route: string }[] {
  const found: { file: string; route: string }[] = [];
  for (const entry of readdirSync(APP, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/^(page\.tsx|route\.ts)$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const segments = path
      .relative(APP, entry.parentPath)
      .split(path.sep)
      .filter((segment) => segment !== '');
    found.push({ file, route: `/${segments.join('/')}` });
  }
  return found;
}

/** The table's entries an address falls under: its own, or a folder entry (`/x/*`: `/x` and below). */
function entriesOf(route: string): string[] {
  return Object.keys(ROUTES).filter((key) =>
    key.endsWith('/*') ? route === key.slice(0, -2) || route.startsWith(key.slice(0, -1)) : key === route,
  );
}

const cachingOf = (route: string): RouteCaching | undefined =>
  (ROUTES as Record<string, { caching: RouteCaching }>)[entriesOf(route)[0] ?? '']?.caching;

describe('the route table', () => {
  const routes = appRoutes();

  it('names every page and route handler of src/app exactly once', () => {
    expect(routes.length).toBeGreaterThan(50);
    const missing = routes.filter(({ route }) => entriesOf(route).length !== 1).map(({ route }) => route);
    expect(missing).toEqual([]);
  });

  it('has no entry without a route', () => {
    const unused = Object.keys(ROUTES).filter(
      (key) => !routes.some(({ route }) => entriesOf(route).includes(key)),
    );
    expect(unused).toEqual([]);
  });

  it('matches each page’s literal revalidate export (Next.js reads it at build time)', () => {
    for (const { file, route } of routes) {
      const source = readFileSync(file, 'utf8');
      const exported = /^export const revalidate = (\d+);$/m.exec(source)?.[1];
      const context = `${route} (${path.relative(APP, file)})`;
      if (cachingOf(route) === 'isr') expect(exported, context).toBe(String(ISR_REVALIDATE_SECONDS));
      else expect(/export const revalidate\b/.test(source), context).toBe(false);
    }
  });

  it('prerenders no reader page at build: the reader frame reads the database (its simulator menu)', () => {
    const readerPages = routes.filter(
      ({ file, route }) => route.startsWith('/(site)') && file.endsWith('page.tsx'),
    );
    expect(readerPages.length).toBeGreaterThan(20);
    for (const { file, route } of readerPages) {
      const source = readFileSync(file, 'utf8');
      const notAtBuild =
        /^export const revalidate = \d+;$/m.test(source) ||
        /^export const dynamic = 'force-dynamic';$/m.test(source);
      expect(notAtBuild, `${route} (${path.relative(APP, file)})`).toBe(true);
    }
  });

  it('gives the page cache a key rule for every page and read it keeps', () => {
    for (const route of RENDERED_PAGE_PATHS) {
      expect(route).not.toContain('[');
      expect(isKeptRenderedQuery(route, new URLSearchParams('page=2'))).toBe(true);
    }
    for (const route of SHARED_READ_PATHS) expect(sharedReadKey(route, new URLSearchParams())).not.toBeNull();
    for (const route of ANONYMOUS_READ_PATHS)
      expect(sharedReadKey(route, new URLSearchParams('newsId=A1'))).not.toBeNull();
  });

  it('tells which addresses are regenerated pages carrying the cache nonce', () => {
    for (const address of [
      '/',
      '/actualite',
      '/actualite/fiscal/tva',
      '/actualite/un-article_A001',
      '/archives/2025/3',
      '/chiffres-taux',
      '/simulateurs/un-simulateur_S1',
      '/accueil/tous',
      '/cgu',
      '/confidentialite',
      '/librairie',
    ])
      expect(isCachedPagePath(address), address).toBe(true);
    for (const address of [
      '/search',
      '/agenda',
      '/actualites',
      '/api/issue',
      '/redaction',
      '/cgu-2020',
      '/rss',
    ])
      expect(isCachedPagePath(address), address).toBe(false);
  });

  it('tells which addresses not kept are reader pages and public reads (their answers say BYPASS)', () => {
    for (const address of [
      '/agenda/fiscal',
      '/agenda/calendrier.ics',
      '/modifications/42',
      '/api/banner',
      '/api/archive/info',
      '/api/search/results',
      '/api/eshop/products',
      '/api/rates',
      '/api/rates/smic',
      '/rss',
      '/rss/social',
      '/sitemap.xml',
      '/sitemaps/actualites-1.xml',
      '/embed/indemnite-licenciement',
    ])
      expect(isUnkeptPublicRead(address), address).toBe(true);
    for (const address of [
      '/api/eshop/me',
      '/api/eshop/login',
      '/api/account/savedArticles',
      '/api/admin/articles',
      '/mon-compte',
      '/redaction',
      '/sitemapsxml',
      '/sitemap-xml',
      '/api/ratesx',
      '/agenda/fiscal/autre',
    ])
      expect(isUnkeptPublicRead(address), address).toBe(false);
  });

  it.each([
    ['quotidienne_shared_read', SHARED_READ_PATHS],
    ['quotidienne_anonymous_read', ANONYMOUS_READ_PATHS],
  ])('lets nginx keep exactly the reads of $%s (deploy/nginx.conf, decision 042)', (variable, paths) => {
    const site = readFileSync(path.resolve(__dirname, '../../../deploy/nginx.conf'), 'utf8');
    const block = new RegExp(`map \\$uri \\$${variable} \\{([^}]*)\\}`).exec(site)?.[1];
    expect(block).toBeDefined();
    const kept = [...(block ?? '').matchAll(/^\s*(\/\S*)\s+1;/gm)].map((match) => match[1]);
    expect(new Set(kept)).toEqual(paths);
    expect(kept).toHaveLength(paths.size);
  });
});
