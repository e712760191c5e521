// GET / PUT /api/admin/search/blocklist: words and phrases never offered as search suggestions (docs/ADMIN-API.md)
import { type SearchBlocklistAnswer, searchBlocklistBody } from '@/lib/contracts/search-blocklist';
import { SEARCH_CHANGE } from '@/server/content/cache-tags';
import { refreshReaders } from '@/server/content/readers';
import { getDb } from '@/server/db/client';
import { getSearchBlocklist, setSearchBlocklist } from '@/server/search/suggestion-rules';
import { requireStaff } from '@/server/staff/auth';
import { adminJson, adminRoute } from '@/server/staff/route';

export const GET = adminRoute(async (request): Promise<SearchBlocklistAnswer> => {
  const db = await getDb();
  await requireStaff(db, request, 'search.blocklist');
  return { entries: await getSearchBlocklist(db) };
});

/**
 * Replaces the whole list; the suggestions it now blocks are withdrawn at once, and the kept answers of the
 * suggestions with them (every instance empties its caches; nginx's copy lives at most a minute, decision 055).
 */
export const PUT = adminRoute(async (request): Promise<SearchBlocklistAnswer> => {
  const db = await getDb();
  await requireStaff(db, request, 'search.blocklist');
  const { entries } = await adminJson(request, searchBlocklistBody, 256 * 1024);
  const stored = await setSearchBlocklist(db, entries);
  await refreshReaders(SEARCH_CHANGE);
  return { entries: stored };
});
