import 'server-only';
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import { ARTICLE_TYPE } from '@/lib/constants';
import type { SizeBand, TaxRegime, VatRegime } from '@/lib/contracts/personal-agenda';
import { textArray } from '../content/sql-arrays';
import type { Db } from '../db/client';
import { type AdditionalProperties, agendaDeadlineDates, articles } from '../db/schema';

/**
 * Who a deadline concerns, written on the agenda article as `additionalProperties` (the import's and the editor's
 * flat key-values): comma-separated values of each criterion; a criterion left out concerns everyone.
 * `agenda_sous_reserve` marks a date not yet confirmed by the administration.
 */
const AUDIENCE_KEYS = {
  sizeBands: 'agenda_tailles',
  vatRegimes: 'agenda_tva',
  taxRegimes: 'agenda_imposition',
  provisional: 'agenda_sous_reserve',
} as const;

/** What filters a reader's deadlines: any criterion null (or no trade) lets every deadline through. */
export type AgendaFilter = {
  trades: readonly string[];
  sizeBand: SizeBand | null;
  vatRegime: VatRegime | null;
  taxRegime: TaxRegime | null;
};

export type Deadline = {
  id: string;
  type: string;
  slug: string;
  enrichedNewsId: string | null;
  title: string;
  summary: string;
  eventDate: string;
  trades: string[];
  provisional: boolean;
  /** How many times its date moved (the feed's SEQUENCE). */
  sequence: number;
  updatedAt: Date;
  audience: { sizeBands: string[]; vatRegimes: string[]; taxRegimes: string[] };
};

const listOf = (properties: AdditionalProperties, key: string): string[] => {
  const value = properties[key];
  return typeof value === 'string'
    ? value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean)
    : [];
};

const accepts = (values: readonly string[], chosen: string | null) =>
  chosen === null || values.length === 0 || values.includes(chosen);

/** Whether a deadline concerns a reader of that profile. */
export function concerns(deadline: Deadline, filter: AgendaFilter): boolean {
  return (
    (filter.trades.length === 0 || deadline.trades.some((trade) => filter.trades.includes(trade))) &&
    accepts(deadline.audience.sizeBands, filter.sizeBand) &&
    accepts(deadline.audience.vatRegimes, filter.vatRegime) &&
    accepts(deadline.audience.taxRegimes, filter.taxRegime)
  );
}

/** The deadlines of a profile between two days (inclusive), in date order, with their sequence. */
export async function listDeadlines(
  db: Db,
  filter: AgendaFilter,
  range: { from: string; to?: string | undefined },
): Promise<Deadline[]> {
  const rows = await db
    .select({
      id: articles.id,
      type: articles.type,
      slug: articles.slug,
      enrichedNewsId: articles.enrichedNewsId,
      title: articles.title,
      summary: articles.summary,
      eventDate: articles.eventDate,
      trades: articles.trades,
      additionalProperties: articles.additionalProperties,
      updatedAt: articles.updatedAt,
      sequence: agendaDeadlineDates.sequence,
    })
    .from(articles)
    .leftJoin(agendaDeadlineDates, eq(agendaDeadlineDates.articleId, articles.id))
    .where(
      and(
        eq(articles.type, ARTICLE_TYPE.agenda),
        gte(articles.eventDate, range.from),
        range.to ? lte(articles.eventDate, range.to) : undefined,
        filter.trades.length > 0 ? sql`${articles.trades} && ${textArray(filter.trades)}` : undefined,
      ),
    )
    .orderBy(asc(articles.eventDate), asc(articles.id));
  return rows
    .map(({ additionalProperties, sequence, eventDate, ...row }) => ({
      ...row,
      eventDate: eventDate ?? range.from,
      sequence: sequence ?? 0,
      provisional: additionalProperties[AUDIENCE_KEYS.provisional] === true,
      audience: {
        sizeBands: listOf(additionalProperties, AUDIENCE_KEYS.sizeBands),
        vatRegimes: listOf(additionalProperties, AUDIENCE_KEYS.vatRegimes),
        taxRegimes: listOf(additionalProperties, AUDIENCE_KEYS.taxRegimes),
      },
    }))
    .filter((deadline) => concerns(deadline, filter));
}

/** A deadline's title as readers get it: "sous réserve" when its date is not confirmed. */
export function deadlineTitle(deadline: Pick<Deadline, 'title' | 'provisional'>): string {
  return deadline.provisional ? `${deadline.title} (sous réserve)` : deadline.title;
}
