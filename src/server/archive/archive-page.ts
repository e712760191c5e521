import 'server-only';
import { ARCHIVE_PAGE_SIZE, ARCHIVE_START_YEAR, MAX_PAGE } from '@/lib/constants';
import type { ArchivePageData } from '@/lib/contracts/reader-pages';
import { currentMonth } from '../agenda/agenda-date';
import { getArchiveInfo } from '../content/archive';
import { listNews } from '../content/news-list';
import { parisMidnight } from '../content/paris-time';
import type { Db } from '../db/client';
import type { ArchiveSelection } from './archive-params';

export type { ArchivePageData };

/** The archive of a month: its articles, newest first, ARCHIVE_PAGE_SIZE a page, and the month buttons. */
export async function loadArchivePage(
  db: Db,
  selection: ArchiveSelection,
  now: Date = new Date(),
): Promise<ArchivePageData> {
  const today = currentMonth(now);
  const [info, list] = await Promise.all([
    getArchiveInfo(db, selection.year),
    listNews(db, {
      from: parisMidnight(selection.year, selection.month),
      to: parisMidnight(selection.year, selection.month + 1),
      limit: ARCHIVE_PAGE_SIZE,
      page: selection.page,
    }),
  ]);
  return {
    selection,
    years: Array.from(
      { length: today.year - ARCHIVE_START_YEAR + 1 },
      (_, index) => ARCHIVE_START_YEAR + index,
    ),
    months: info.map((entry) => ({
      ...entry,
      disabled: selection.year === today.year && entry.month > today.month,
    })),
    news: list.news,
    pageCount: Math.min(MAX_PAGE, Math.ceil(list.additional.total / ARCHIVE_PAGE_SIZE)),
  };
}
