import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as embed } from '@/app/embed/[simulator]/route';
import type { Database } from '@/server/db/client';
import { articles, topics } from '@/server/db/schema';
import { loadSectionListing, simulatorTopicsInUse } from '@/server/simulators/section-listing';
import { createTestDatabase } from '../support/database';

const FISCAL = { id: 'EBX:EFL_Themes:Fiscal', shortId: 'F', label: 'Fiscal', slug: 'fiscal' };
const IR = {
  id: 'EBX:EFL_Themes:IR',
  shortId: 'F1',
  label: 'Impôt sur le revenu',
  slug: 'impot-revenu',
  parentId: FISCAL.id,
};
const SOCIAL = { id: 'EBX:EFL_Themes:Social', shortId: 'S', label: 'Social', slug: 'social' };

let database: Database;

async function embedPage(
  name: string,
  query = '',
): Promise<{ status: number; html: string; headers: Headers }> {
  const response = await embed(new Request(`http://localhost/embed/${name}${query}`), {
    params: Promise.resolve({ simulator: name }),
  });
  return { status: response.status, html: await response.text(), headers: response.headers };
}

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.insert(topics).values([FISCAL, IR, SOCIAL]);
  await database.db.insert(articles).values([
    {
      id: 'sim-ir',
      type: 'simulateur',
      slug: 'simulateur-impot-revenu',
      title: "Simulateur de l'impôt sur le revenu",
      publicationDate: new Date('2026-01-05T08:00:00Z'),
      simulatorUrl: '/embed/impot-revenu',
      topics: [FISCAL],
      thematics: [IR],
      topicIds: [FISCAL.id, IR.id],
      trades: ['fiscal', 'finance'],
    },
    {
      id: 'sim-lic',
      type: 'simulateur',
      slug: 'simulateur-licenciement',
      title: 'Indemnité de licenciement',
      publicationDate: new Date('2026-01-06T08:00:00Z'),
      simulatorUrl: '/embed/indemnite-licenciement',
      topics: [SOCIAL],
      topicIds: [SOCIAL.id],
      trades: ['social'],
    },
    {
      id: 'news-ir',
      type: 'actualite',
      slug: 'actu-ir',
      title: 'Une actualité',
      publicationDate: new Date('2026-01-07T08:00:00Z'),
      topics: [FISCAL],
      topicIds: [FISCAL.id],
    },
  ]);
});

afterAll(async () => {
  await database?.close();
});

describe('simulator lists', () => {
  it('offers only the simulator families that hold simulators (no « droit des affaires » without any)', async () => {
    expect(await simulatorTopicsInUse(database.db)).toEqual(['fiscal', 'social', 'finance']);
  });

  it('lists simulators only, newest first, with their embedded simulator', async () => {
    const list = await loadSectionListing(database.db, { type: 'simulateur', limit: 20 });
    expect(list.news.map((item) => [item.id, item.simulator_url])).toEqual([
      ['sim-lic', '/embed/indemnite-licenciement'],
      ['sim-ir', '/embed/impot-revenu'],
    ]);
    expect(list.filter).toMatchObject({ type: 'simulateur', full: 'true' });
  });

  it('filters by topic and thematics, and by trade for a topic without a subject of its own (finance)', async () => {
    const fiscal = await loadSectionListing(database.db, {
      type: 'simulateur',
      topicSlug: 'fiscal',
      thematicsParam: 'impot-revenu_inconnue',
      limit: 20,
    });
    expect(fiscal.thematics.map((thematic) => thematic.slug)).toEqual(['impot-revenu']);
    expect(fiscal.selected.map((thematic) => thematic.slug)).toEqual(['impot-revenu']);
    expect(fiscal.news.map((item) => item.id)).toEqual(['sim-ir']);
    const finance = await loadSectionListing(database.db, {
      type: 'simulateur',
      topicSlug: 'finance',
      limit: 20,
    });
    expect(finance.topic).toEqual({ slug: 'finance', label: 'Finance' });
    expect(finance.news.map((item) => item.id)).toEqual(['sim-ir']);
  });
});

describe('embedded simulators', () => {
  it('serves the income tax simulator with its source and a worked example', async () => {
    const empty = await embedPage('impot-revenu');
    expect(empty.status).toBe(200);
    expect(empty.headers.get('content-type')).toContain('text/html');
    expect(empty.headers.get('content-security-policy')).toBe("frame-ancestors 'self'");
    expect(empty.html).toContain('Barème de l’impôt sur le revenu 2025 (revenus 2024)');
    const result = await embedPage('impot-revenu', '?situation=couple&revenu=100000&parts=2.5');
    expect(result.html).toContain('14\u202f540\u00a0€');
    expect(result.html).toContain('(appliqué)');
  });

  it('computes the statutory severance pay of the service-public.fr example', async () => {
    const { html } = await embedPage(
      'indemnite-licenciement',
      '?annees=14&mois=8&salaire12=1700&salaire3=1800',
    );
    expect(html).toContain('7\u202f300\u00a0€');
    expect(html).toContain('Code du travail, articles L. 1234-9, R. 1234-2 et R. 1234-4');
    const early = await embedPage('indemnite-licenciement', '?annees=0&mois=6&salaire12=2000&salaire3=2000');
    expect(early.html).toContain('Aucune indemnité légale n’est due avant 8 mois');
  });

  it('computes the mileage allowance and refuses bad input with a message, not an error page', async () => {
    const { html } = await embedPage('bareme-kilometrique', '?vehicule=voiture%3A5&distance=8000');
    expect(html).toContain('4\u202f251\u00a0€');
    expect(html).toContain('Barème kilométrique 2025');
    const bad = await embedPage('bareme-kilometrique', '?vehicule=voiture%3A5&distance=-3');
    expect(bad.status).toBe(200);
    expect(bad.html).toContain('role="alert"');
  });

  it('escapes what the visitor typed and answers 404 for an unknown simulator', async () => {
    const { html } = await embedPage('impot-revenu', '?revenu=%22%3E%3Cscript%3E');
    expect(html).not.toContain('"><script>');
    expect(html).toContain('&quot;&gt;&lt;script&gt;');
    expect((await embedPage('inconnu')).status).toBe(404);
  });
});
