import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { importArticles } from '@/server/content/import';
import type { Database } from '@/server/db/client';
import { articleSections, articles } from '@/server/db/schema';
import { createTestDatabase } from '../support/database';

const root = path.resolve(import.meta.dirname, '../..');
const fixture = (name: string) => path.join(root, 'tests/fixtures/import', name);
const fixtureLines = (name: string) => readFileSync(fixture(name), 'utf8').split('\n');

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

beforeEach(async () => {
  await database.db.delete(articles);
});

async function snapshot() {
  const rows = await database.db
    .select({ id: articles.id, title: articles.title, enrichedNewsId: articles.enrichedNewsId })
    .from(articles)
    .orderBy(asc(articles.id));
  const sections = await database.db
    .select({ id: articleSections.id, articleId: articleSections.articleId })
    .from(articleSections)
    .orderBy(asc(articleSections.id));
  return { rows, sections };
}

async function* asAsync(lines: string[]) {
  yield* lines;
}

describe('importArticles', () => {
  it('imports a good file, skipping blank lines', async () => {
    const progress: number[] = [];
    const outcome = await importArticles(database.db, fixtureLines('good.ndjson'), {
      onProgress: (written, total) => progress.push(written / total),
    });
    expect(outcome).toEqual({ ok: true, inserted: 4, updated: 0 });
    expect(progress.at(-1)).toBe(1);

    const [news] = await database.db.select().from(articles).where(eq(articles.id, 'A1001'));
    expect(news).toMatchObject({
      type: 'actualite',
      slug: 'taux-reduit-tva-elargi-travaux',
      title: 'Le taux réduit de TVA (2025) élargi aux travaux',
      author: 'Jeanne Martin',
      authorFunction: 'Rédactrice fiscale',
      source: 'BOFiP-TVA-LIQ-30-20-95',
      updateDate: null,
      enrichedNewsId: null,
      paywalled: false,
      trades: ['fiscal', 'immobilier'],
      topicIds: ['EBX:EFL_Themes:Fiscal', 'EBX:EFL_Themes:TVA'],
      additionalProperties: { ELS_META_actualiteSource: 'BOFiP', seoTitle: 'TVA travaux' },
      attachments: [{ item: '/pdf/bofip.pdf', name: 'Extrait du BOFiP' }],
      images: [
        {
          contentType: 'cover',
          href: '/images/tva.jpg',
          imageName: 'tva.jpg',
          legend: 'Chantier',
          source: 'Rédaction',
          width: 1200,
          height: 628,
        },
      ],
    });
    expect(news?.publicationDate.toISOString()).toBe('2025-03-14T07:00:00.000Z');
    expect(news?.bodyText).toBe("Le taux réduit s'applique. Voir l'article lié.");

    const [enriched] = await database.db.select().from(articles).where(eq(articles.id, 'A1002'));
    expect(enriched).toMatchObject({
      slug: 'facturation-electronique',
      enrichedNewsId: 'E501',
      paywalled: true,
    });
    expect(enriched?.bodyText).toContain('Le calendrier');
    expect(enriched?.bodyText).toContain('Émettre des factures électroniques.');

    const sections = await database.db
      .select()
      .from(articleSections)
      .where(eq(articleSections.articleId, 'A1002'))
      .orderBy(asc(articleSections.position));
    expect(
      sections.map((section) => [section.id, section.position, section.title, section.sectionType]),
    ).toEqual([
      ['S5011', 0, 'Le calendrier', 'section'],
      ['S5012', 1, 'Les obligations', 'section'],
    ]);

    const [agenda] = await database.db.select().from(articles).where(eq(articles.id, 'G2001'));
    expect(agenda?.eventDate).toBe('2025-03-24');
    const [simulator] = await database.db.select().from(articles).where(eq(articles.id, 'SIM-31'));
    expect(simulator?.simulatorUrl).toBe('/embed/indemnites-kilometriques');
  });

  it('sanitises bodies: scripts, handlers and foreign frames are stripped, flash links resolved', async () => {
    await importArticles(database.db, fixtureLines('good.ndjson'));
    const [news] = await database.db.select().from(articles).where(eq(articles.id, 'A1001'));
    expect(news?.bodyHtml).toBe(
      '<p>Le taux réduit <strong>s\'applique</strong>.</p><p>Voir <a href="/actualite/actu_A1002">l\'article lié</a>.</p>',
    );
    const sections = await database.db
      .select({ bodyHtml: articleSections.bodyHtml })
      .from(articleSections)
      .orderBy(asc(articleSections.position));
    expect(sections.map((section) => section.bodyHtml)).toEqual([
      '<h2>Étapes</h2><p>Dès 2026 <img src="x" /></p>',
      '<p>Émettre des factures <em>électroniques</em>.</p><iframe src="https://datawrapper.dwcdn.net/abc/1/" title="Graphique"></iframe>',
    ]);
    for (const html of [news?.bodyHtml, ...sections.map((section) => section.bodyHtml)]) {
      expect(html).not.toMatch(/<script|onerror|onclick|evil\.example/);
    }
  });

  it('reads lines from an async source', async () => {
    const outcome = await importArticles(database.db, asAsync(fixtureLines('good.ndjson')));
    expect(outcome).toEqual({ ok: true, inserted: 4, updated: 0 });
  });

  it('updates a re-imported article by id and replaces its sections', async () => {
    await importArticles(database.db, fixtureLines('good.ndjson'));
    const [before] = await database.db.select().from(articles).where(eq(articles.id, 'A1002'));

    const outcome = await importArticles(database.db, fixtureLines('update.ndjson'));
    expect(outcome).toEqual({ ok: true, inserted: 1, updated: 1 });

    const [after] = await database.db.select().from(articles).where(eq(articles.id, 'A1002'));
    expect(after?.title).toBe('Réforme de la facturation électronique : report');
    expect(after?.enrichedNewsId).toBe('E501');
    expect(after?.createdAt).toEqual(before?.createdAt);
    expect(after?.updatedAt.getTime()).toBeGreaterThanOrEqual(before?.updatedAt.getTime() ?? Infinity);
    expect(after?.bodyText).toContain('Report à 2026.');
    expect(after?.bodyText).not.toContain('Les obligations');

    const { rows, sections } = await snapshot();
    expect(rows.map((row) => row.id)).toEqual(['A1001', 'A1002', 'G2001', 'R3001', 'SIM-31']);
    expect(sections).toEqual([{ id: 'S5013', articleId: 'A1002' }]);
  });

  it('lets an enriched news id move between articles of one file', async () => {
    await importArticles(database.db, fixtureLines('good.ndjson'));
    const moved = [
      JSON.stringify({
        id: 'A1009',
        type: 'actualite',
        title: 'Nouvelle',
        publication_date: '2025-04-01T08:00:00Z',
        enriched_news_id: 'E501',
      }),
      JSON.stringify({
        id: 'A1002',
        type: 'actualite',
        title: 'Ancienne',
        publication_date: '2025-03-15T07:30:00Z',
        enriched_news_id: 'E502',
      }),
    ];
    expect(await importArticles(database.db, moved)).toEqual({ ok: true, inserted: 1, updated: 1 });
    const { rows, sections } = await snapshot();
    expect(rows.filter((row) => row.enrichedNewsId)).toEqual([
      { id: 'A1002', title: 'Ancienne', enrichedNewsId: 'E502' },
      { id: 'A1009', title: 'Nouvelle', enrichedNewsId: 'E501' },
    ]);
    expect(sections).toEqual([]);
  });

  it('imports nothing when one line among good ones is bad, and names the line and the reason', async () => {
    const outcome = await importArticles(database.db, fixtureLines('one-bad-line.ndjson'));
    expect(outcome).toEqual({
      ok: false,
      issues: [{ line: 3, reason: 'title : champ obligatoire manquant' }],
    });
    expect(await snapshot()).toEqual({ rows: [], sections: [] });
  });

  it('reports a line that is not JSON', async () => {
    const outcome = await importArticles(database.db, fixtureLines('invalid-json.ndjson'));
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.issues).toHaveLength(1);
    expect(outcome.issues[0]?.line).toBe(2);
    expect(outcome.issues[0]?.reason).toMatch(/^JSON invalide \(.+\)$/);
    expect(await snapshot()).toEqual({ rows: [], sections: [] });
  });

  it('reports an unknown field', async () => {
    const outcome = await importArticles(database.db, fixtureLines('unknown-field.ndjson'));
    expect(outcome).toEqual({ ok: false, issues: [{ line: 1, reason: 'Clé non reconnue : "categorie"' }] });
  });

  it('reports a missing required field', async () => {
    const outcome = await importArticles(database.db, fixtureLines('missing-field.ndjson'));
    expect(outcome).toEqual({
      ok: false,
      issues: [{ line: 1, reason: 'publication_date : champ obligatoire manquant' }],
    });
  });

  it('reports an agenda event without event_date', async () => {
    const outcome = await importArticles(database.db, fixtureLines('agenda-without-date.ndjson'));
    expect(outcome).toEqual({
      ok: false,
      issues: [{ line: 1, reason: 'event_date : obligatoire pour un article de type agenda' }],
    });
  });

  it('reports every bad line and every problem of a line, with field paths', async () => {
    const lines = [
      '{"id": "bad id", "type": "breve", "title": "", "publication_date": "15/03/2025"}',
      '',
      JSON.stringify({
        id: 'A1',
        type: 'actualite',
        title: 'Titre',
        publication_date: '2025-03-15T08:00:00Z',
        sections: [{ id: 'S1', title: 'Partie', view: 1 }],
      }),
      '[]',
    ];
    const outcome = await importArticles(database.db, lines);
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.issues.map((issue) => issue.line)).toEqual([1, 1, 1, 1, 3, 4]);
    expect(outcome.issues.map((issue) => issue.reason.split(' : ')[0])).toEqual([
      'id',
      'type',
      'title',
      'publication_date',
      'sections[0].view',
      'Entrée invalide',
    ]);
  });

  it('reports ids repeated within a file', async () => {
    const line = (id: string, enriched: string) =>
      JSON.stringify({
        id,
        type: 'actualite',
        title: 'T',
        publication_date: '2025-03-15T08:00:00Z',
        enriched_news_id: enriched,
      });
    const outcome = await importArticles(database.db, [line('A1', 'E1'), line('A1', 'E2'), line('A2', 'E1')]);
    expect(outcome).toEqual({
      ok: false,
      issues: [
        { line: 2, reason: 'identifiant « A1 » déjà présent ligne 1' },
        { line: 3, reason: 'enriched_news_id « E1 » déjà présent ligne 1' },
      ],
    });
  });

  it('leaves the database unchanged when the database refuses an article mid-transaction', async () => {
    await importArticles(database.db, fixtureLines('good.ndjson'));
    const before = await snapshot();

    const outcome = await importArticles(database.db, fixtureLines('enriched-conflict.ndjson'));
    expect(outcome).toEqual({
      ok: false,
      issues: [{ line: 2, reason: 'enriched_news_id « E501 » déjà utilisé par un autre article' }],
    });
    // The first line (R3001) had been written before the refusal: it was rolled back.
    expect(await snapshot()).toEqual(before);
  });

  it('imports nothing from an empty file', async () => {
    expect(await importArticles(database.db, ['', '  '])).toEqual({ ok: true, inserted: 0, updated: 0 });
  });
});

// Each test starts the script in a new Node process on a new PGlite folder (migrations included): on a loaded
// machine that took more than the default minute.
const SCRIPT_TIMEOUT_MS = 150_000;

describe('npm run import', { timeout: SCRIPT_TIMEOUT_MS + 30_000 }, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'import-test-'));

  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Runs the import script on its own PGlite data directory. */
  function runImport(args: string[], input?: string) {
    const result = spawnSync(
      process.execPath,
      ['--conditions=react-server', '--import', 'tsx', 'scripts/import.ts', ...args],
      {
        cwd: root,
        env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir },
        input,
        encoding: 'utf8',
        timeout: SCRIPT_TIMEOUT_MS,
      },
    );
    return { code: result.status, stdout: result.stdout, stderr: result.stderr };
  }

  it('needs exactly one argument', () => {
    const { code, stderr } = runImport([]);
    expect(code).toBe(1);
    expect(stderr).toContain('Usage : npm run import -- <fichier.ndjson>');
  });

  it('says when the file is missing', () => {
    const { code, stderr } = runImport(['tests/fixtures/import/absent.ndjson']);
    expect(code).toBe(1);
    expect(stderr.trim()).toBe('Fichier introuvable : tests/fixtures/import/absent.ndjson');
  });

  it('says when the path is not a file', () => {
    const { code, stderr } = runImport(['tests/fixtures/import']);
    expect(code).toBe(1);
    expect(stderr.trim()).toBe("tests/fixtures/import n'est pas un fichier");
  });

  it('lists the bad lines and exits with 1', () => {
    const { code, stdout, stderr } = runImport([fixture('one-bad-line.ndjson')]);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toContain('ligne 3 : title : champ obligatoire manquant\n');
    expect(stderr).toContain("Import annulé : 1 ligne en erreur, aucun article n'a été écrit.");
  });

  it('imports a file, then reports the update counts', () => {
    const first = runImport([fixture('good.ndjson')]);
    expect(first.stderr).toBe('');
    expect(first.stdout).toBe('Import terminé : 4 articles créés, 0 article mis à jour.\n');
    expect(first.code).toBe(0);
    const second = runImport(['-'], readFileSync(fixture('update.ndjson'), 'utf8'));
    expect(second.stdout).toBe('Import terminé : 1 article créé, 1 article mis à jour.\n');
    expect(second.code).toBe(0);
  });
});
