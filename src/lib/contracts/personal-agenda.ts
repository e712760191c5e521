import './zod-setup';
import * as zm from 'zod/mini';
import { NEWS_TOPICS } from '../constants';

// The personal agenda: the profile that filters the deadlines, and the private feed's address. Zod Mini: the
// feed button of Mon compte parses its answer in the browser.

/** Company size bands, by number of employees. */
export const SIZE_BANDS = {
  'moins-de-11': 'Moins de 11 salariés',
  '11-a-49': 'De 11 à 49 salariés',
  '50-a-249': 'De 50 à 249 salariés',
  '250-et-plus': '250 salariés et plus',
} as const;
export const VAT_REGIMES = {
  franchise: 'Franchise en base',
  'reel-simplifie': 'Réel simplifié',
  'reel-normal': 'Réel normal',
} as const;
export const TAX_REGIMES = {
  is: 'Impôt sur les sociétés',
  ir: 'Impôt sur le revenu',
} as const;
export type SizeBand = keyof typeof SIZE_BANDS;
export type VatRegime = keyof typeof VAT_REGIMES;
export type TaxRegime = keyof typeof TAX_REGIMES;

const keysOf = <T extends Record<string, string>>(record: T) => Object.keys(record) as [keyof T & string];
/** A choice of a select: the value, or '' for "any". */
const choice = <T extends Record<string, string>>(record: T) =>
  zm.pipe(
    zm.transform((value: unknown) => (value === '' || value === undefined ? null : value)),
    zm.nullable(zm.enum(keysOf(record))),
  );

/** The profile as Mon compte's form sends it (trades repeated, selects empty for "any"). */
export const agendaProfileForm = zm.object({
  trades: zm.array(zm.enum(NEWS_TOPICS)).check(zm.maxLength(NEWS_TOPICS.length)),
  sizeBand: choice(SIZE_BANDS),
  vatRegime: choice(VAT_REGIMES),
  taxRegime: choice(TAX_REGIMES),
  emailReminders: zm.boolean(),
});
export type AgendaProfileForm = zm.infer<typeof agendaProfileForm>;

/** POST /api/account/agenda-feed: 201 with the new private feed's address (the previous one stops working). */
export const agendaFeedAnswer = zm.object({ url: zm.string() });
export type AgendaFeedAnswer = zm.infer<typeof agendaFeedAnswer>;
