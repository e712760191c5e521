import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/server/db/client';
import { articles, topics } from '@/server/db/schema';
import { NEWS_SECTION } from '@/server/pages/news-route';
import { RATES_SECTION } from '@/server/pages/rates-route';
import { type SectionDefinition, sectionRedirect, sectionResolver } from '@/server/pages/section-route';
import { SIMULATORS_SECTION } from '@/server/pages/simulators-route';
import { forgetDatabaseForRoutes, useDatabaseForRoutes } from '../support/api';
import { createTestDatabase } from '../support/database';

// The one mechanism of /actualite, /chiffres-taux and /simulateurs (src/server/pages/section-route.ts): what each
// address shows and where it redirects, through each section's declaration.

const FISCAL = { id: 'EBX:EFL_Themes:Fiscal', shortId: 'F', label: 'Fiscal', slug: 'fiscal' };
const IR = {
  id: 'EBX:Th:IR',
  shortId: 'F1',
  label: 'Impôt sur le revenu',
  slug: 'impot-revenu',
  parentId: FISCAL.id,
};
const TVA = { id: 'EBX:Th:TVA', shortId: 'F2', label: 'TVA', slug: 'tva', parentId: FISCAL.id };

function article(id: string, type: string, slug: string, thematics: (typeof IR)[]) {
  return {
    id,
    type,
    slug,
    title: `Titre ${id}`,
    publicationDate: new Date('2026-01-05T08:00:00Z'),
    topics: [FISCAL],
    thematics,
    topicIds: [FISCAL.id, ...thematics.map((thematic) => thematic.id)],
    trades: ['fiscal'],
  };
}

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.insert(topics).values([FISCAL, IR, TVA]);
  await database.db
    .insert(articles)
    .values([
      article('N1', 'actualite', 'une-actu', [IR, TVA]),
      article('R1', 'chiffres-taux', 'un-taux', [IR, TVA]),
      { ...article('S1', 'simulateur', 'un-simulateur', [IR, TVA]), simulatorUrl: '/embed/impot-revenu' },
    ]);
  useDatabaseForRoutes(database);
});
afterAll(async () => {
  forgetDatabaseForRoutes();
  await database?.close();
});

/** What an address under a section shows: 404, a redirect, or the listing or article it renders. */
async function visit<Listing extends { selected: readonly { slug: string }[] }>(
  section: SectionDefinition<Listing>,
  path: string,
): Promise<string> {
  const segments = path.split('/').filter(Boolean).slice(1);
  const route = await sectionResolver(section)(segments);
  if (!route) return '404';
  const redirect = sectionRedirect(section, route, segments[0]);
  if (redirect) return `308 ${redirect}`;
  if (route.kind === 'article') return `article ${route.data.article.id}`;
  return `listing ${route.topic ?? ''}/${route.data.selected.map((thematic) => thematic.slug).join('_')}`;
}

describe('the section routes', () => {
  it('news: listings, thematics in canonical order, filters kept on redirect, articles at their address', async () => {
    expect(await visit(NEWS_SECTION, '/actualite')).toBe('listing /');
    expect(await visit(NEWS_SECTION, '/actualite/fiscal')).toBe('listing fiscal/');
    expect(await visit(NEWS_SECTION, '/actualite/fiscal/impot-revenu_tva')).toBe(
      'listing fiscal/impot-revenu_tva',
    );
    expect(await visit(NEWS_SECTION, '/actualite/fiscal/inconnue_tva')).toBe('308 /actualite/fiscal/tva');
    expect(await visit(NEWS_SECTION, '/actualite/fiscal/inconnue')).toBe('308 /actualite/fiscal');
    expect(await visit(NEWS_SECTION, '/actualite/~social~tous/fiscal/inconnue_tva')).toBe(
      '308 /actualite/fiscal/tva?metier=social',
    );
    expect(await visit(NEWS_SECTION, '/actualite/une-actu_N1')).toBe('article N1');
    expect(await visit(NEWS_SECTION, '/actualite/ancien-titre_N1')).toBe('308 /actualite/une-actu_N1');
    expect(await visit(NEWS_SECTION, '/actualite/~social~tous/une-actu_N1')).toBe('404');
    expect(await visit(NEWS_SECTION, '/actualite/~inconnu~tous')).toBe('404');
    expect(await visit(NEWS_SECTION, '/actualite/une-actu_N404')).toBe('404');
    expect(await visit(NEWS_SECTION, '/actualite/fiscal/tva/trop')).toBe('404');
  });

  it('figures and rates: sub-topic paths of a trade, unknown thematics not a page, articles of other sections sent home', async () => {
    expect(await visit(RATES_SECTION, '/chiffres-taux')).toBe('listing /');
    expect(await visit(RATES_SECTION, '/chiffres-taux/fiscal/tva_impot-revenu')).toBe(
      '308 /chiffres-taux/fiscal/impot-revenu_tva',
    );
    expect(await visit(RATES_SECTION, '/chiffres-taux/fiscal/inconnue')).toBe('404');
    expect(await visit(RATES_SECTION, '/chiffres-taux/un-taux_R1')).toBe('article R1');
    expect(await visit(RATES_SECTION, '/chiffres-taux/une-actu_N1')).toBe('308 /actualite/une-actu_N1');
    expect(await visit(RATES_SECTION, '/chiffres-taux/~social~tous')).toBe('404');
  });

  it('simulators: a simulator by its address or its bare id, other types sent to their own address', async () => {
    expect(await visit(SIMULATORS_SECTION, '/simulateurs/fiscal')).toBe('listing fiscal/');
    expect(await visit(SIMULATORS_SECTION, '/simulateurs/fiscal/impot-revenu')).toBe(
      'listing fiscal/impot-revenu',
    );
    expect(await visit(SIMULATORS_SECTION, '/simulateurs/un-simulateur_S1')).toBe('article S1');
    expect(await visit(SIMULATORS_SECTION, '/simulateurs/S1')).toBe('article S1');
    expect(await visit(SIMULATORS_SECTION, '/simulateurs/vieux_S1')).toBe(
      '308 /simulateurs/un-simulateur_S1',
    );
    expect(await visit(SIMULATORS_SECTION, '/simulateurs/N1')).toBe('308 /actualite/une-actu_N1');
    expect(await visit(SIMULATORS_SECTION, '/simulateurs/comptable')).toBe('404');
  });
});
