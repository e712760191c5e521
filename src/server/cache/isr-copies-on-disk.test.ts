import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { REVALIDATED_PAGE_ROUTES, REWRITTEN_PAGE_ROUTES } from '../http/route-table';
import { keptIsrPaths, noteIsrCopiesOnDisk } from './isr-copies-on-disk';
import { needsFullRefresh } from './page-tags';
import { refreshCachedCopies } from './refresh-copies';

const build = mkdtempSync(path.join(tmpdir(), 'isr-kept-'));
afterAll(() => rmSync(build, { recursive: true, force: true }));

const ROUTE_FOLDER = path.join('route-cache', 'APP_PAGE', 'a1b2c3', '$');

/**
 * Writes what Next's file-system cache writes for a page: its HTML and metadata, its RSC payload, its segments; at
 * run time under its route's folder of the route cache, at build time under `app`.
 */
function keep(address: string, where: 'run' | 'build' = 'run'): void {
  const file =
    address === '/' ? 'index' : address.startsWith('/index') ? `index${address}` : address.slice(1);
  const folder = path.join(build, 'server', where === 'run' ? ROUTE_FOLDER : 'app');
  const stem = path.join(folder, file);
  mkdirSync(path.dirname(stem), { recursive: true });
  for (const suffix of ['.html', '.meta', '.rsc']) writeFileSync(`${stem}${suffix}`, '');
  mkdirSync(`${stem}.segments`, { recursive: true });
  writeFileSync(path.join(`${stem}.segments`, '_index.segment.rsc'), '');
}

describe('the ISR pages Next.js kept on disk before the start', () => {
  it('are the ISR addresses of the build folder’s pages, not its other files nor its other pages', async () => {
    expect(await keptIsrPaths(path.join(build, 'absent'))).toEqual([]);
    keep('/actualite/acomptes-tva_F1');
    keep('/actualite/fiscal/tva');
    keep('/accueil/tous');
    keep('/chiffres-taux/tableaux/smic');
    keep('/archives/2024', 'build');
    // Prerendered pages that are not ISR, and Next's own.
    keep('/connexion', 'build');
    keep('/_not-found', 'build');
    expect((await keptIsrPaths(build)).sort()).toEqual([
      '/accueil/tous',
      '/actualite/acomptes-tva_F1',
      '/actualite/fiscal/tva',
      '/archives/2024',
      '/chiffres-taux/tableaux/smic',
    ]);
  });

  it('once noted, the first change refreshes only the pages it touches, not every ISR route', async () => {
    const revalidatePath = vi.fn();
    expect(needsFullRefresh()).toBe(true);
    expect(await noteIsrCopiesOnDisk(build)).toBe(5);
    expect(needsFullRefresh()).toBe(false);

    refreshCachedCopies(['article:F1', 'topic:fiscal', 'list:news'], revalidatePath);
    const asked = revalidatePath.mock.calls.map((call) => call[0]);
    // The article by its path's tag, the listing and the archive (untagged: every change) until they render again.
    expect(asked.sort()).toEqual(
      [
        ...REWRITTEN_PAGE_ROUTES,
        // The home of a trade, kept under its rewritten address: untagged, every change.
        '/accueil/tous',
        '/actualite/acomptes-tva_F1',
        '/actualite/fiscal/tva',
        '/archives/2024',
      ].sort(),
    );
    expect(asked).not.toContain('/chiffres-taux/tableaux/smic');
    for (const route of REVALIDATED_PAGE_ROUTES.filter((route) => !REWRITTEN_PAGE_ROUTES.includes(route)))
      expect(asked).not.toContain(route);
  });
});
