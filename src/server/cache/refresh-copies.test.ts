import { describe, expect, it, vi } from 'vitest';
import { EVERYTHING } from '../content/cache-tags';
import { REVALIDATED_PAGE_ROUTES, REWRITTEN_PAGE_ROUTES } from '../http/route-table';
import { tagRenderedPage } from './page-tags';
import { refreshCachedCopies } from './refresh-copies';

// Next's revalidatePath needs the store of a Next.js server: what it is asked is what matters here.
const revalidatePath = vi.fn();

describe("refreshing Next's ISR pages by tag", () => {
  it('refreshes every route once after the start, then only the paths whose tags a change names', () => {
    tagRenderedPage('/actualite/social', ['list:news', 'topic:social']);
    tagRenderedPage('/actualite/tva_F1', ['article:F1', 'topic:fiscal']);
    tagRenderedPage('/cgu', ['page:cgu']);

    refreshCachedCopies(['page:cgu'], revalidatePath);
    for (const route of REVALIDATED_PAGE_ROUTES) expect(revalidatePath).toHaveBeenCalledWith(route, 'page');

    revalidatePath.mockClear();
    expect(refreshCachedCopies(['topic:social', 'list:news'], revalidatePath)).toMatchObject({
      pagePaths: 1,
    });
    const asked = revalidatePath.mock.calls.map((call) => call[0]);
    expect(asked).toEqual([...REWRITTEN_PAGE_ROUTES, '/actualite/social']);

    revalidatePath.mockClear();
    refreshCachedCopies([EVERYTHING], revalidatePath);
    expect(revalidatePath).toHaveBeenCalledTimes(REVALIDATED_PAGE_ROUTES.length);
  });
});
