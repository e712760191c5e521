import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { keepIsrCopy } from '../../../tests/support/isr-copies';
import { REVALIDATED_PAGE_ROUTES, REWRITTEN_PAGE_ROUTES } from '../http/route-table';
import { keptIsrPaths, noteIsrCopiesOnDisk } from './isr-copies-on-disk';
import { needsFullRefresh } from './page-tags';
import { refreshCachedCopies, refreshCachedCopiesOfSharedBuild } from './refresh-copies';

const build = mkdtempSync(path.join(tmpdir(), 'isr-kept-'));
afterAll(() => rmSync(build, { recursive: true, force: true }));

/** A page Next.js kept in this test's build folder. */
const keep = (address: string, where?: 'run' | 'build') => keepIsrCopy(build, address, where);

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

  it('pages another instance rendered since into the shared folder are refreshed here too, by their tags', async () => {
    // Rendered by the other instance after this one noted the folder: unknown here, Next.js would serve them.
    keep('/actualite/social');
    keep('/actualite/bareme-titres-restaurant_S9');
    const unaware = vi.fn();
    refreshCachedCopies(['article:S9', 'topic:social'], unaware);
    expect(unaware.mock.calls.map((call) => call[0])).not.toContain('/actualite/social');

    const revalidatePath = vi.fn();
    await refreshCachedCopiesOfSharedBuild(['article:S9', 'topic:social'], revalidatePath, build);
    const asked = revalidatePath.mock.calls.map((call) => call[0]);
    expect(asked).toContain('/actualite/social');
    expect(asked).toContain('/actualite/bareme-titres-restaurant_S9');
    // Still one by one, and another article's page left alone.
    expect(needsFullRefresh()).toBe(false);
    expect(asked).not.toContain('/actualite/acomptes-tva_F1');
    expect(asked).not.toContain('/chiffres-taux/tableaux/smic');

    const later = vi.fn();
    await refreshCachedCopiesOfSharedBuild(['article:F1'], later, build);
    expect(later.mock.calls.map((call) => call[0])).not.toContain('/actualite/bareme-titres-restaurant_S9');
  });

  it('a shared folder that cannot be read refreshes every ISR route', async () => {
    const unreadable = path.join(build, 'not-a-folder');
    writeFileSync(unreadable, '');
    const revalidatePath = vi.fn();
    await refreshCachedCopiesOfSharedBuild(['article:F1'], revalidatePath, unreadable);
    const asked = revalidatePath.mock.calls.map((call) => call[0]);
    for (const route of REVALIDATED_PAGE_ROUTES) expect(asked).toContain(route);
  });
});
