/** Dates and times of the newsroom: shown in Paris time, whatever the browser's zone. */
const PARIS = 'Europe/Paris';

const dateTime = new Intl.DateTimeFormat('fr-FR', {
  timeZone: PARIS,
  dateStyle: 'short',
  timeStyle: 'short',
});

/** A calendar day (YYYY-MM-DD, an agenda event's) as « 02/12/2026 »; empty without one. */
export function formatDay(day: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day ?? '');
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

export function formatDateTime(iso: string | null | undefined): string {
  return iso ? dateTime.format(new Date(iso)) : '';
}

const parts = new Intl.DateTimeFormat('en-CA', {
  timeZone: PARIS,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** "2026-11-23T20:30", the value of a datetime-local field showing an instant in Paris time. */
export function toParisInput(iso: string | Date): string {
  const values = Object.fromEntries(
    parts.formatToParts(new Date(iso)).map((part) => [part.type, part.value]),
  );
  return `${values.year}-${values.month}-${values.day}T${values.hour}:${values.minute}`;
}

/** Offset of Paris from UTC at an instant, in minutes (60 in winter, 120 in summer). */
function parisOffsetMinutes(instant: number): number {
  const shown = toParisInput(new Date(instant));
  return Math.round((Date.parse(`${shown}:00Z`) - Math.floor(instant / 60_000) * 60_000) / 60_000);
}

/**
 * The UTC ISO instant of a datetime-local value read as Paris time ("2026-03-29T02:30" does not exist in Paris
 * and is read as the instant an hour later, as clocks do). Null for an empty or malformed value.
 */
export function fromParisInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const asUtc = Date.parse(`${value}:00Z`);
  if (Number.isNaN(asUtc)) return null;
  // Two passes: the offset at the guessed instant, then at the corrected one (DST changes).
  let instant = asUtc - parisOffsetMinutes(asUtc) * 60_000;
  instant = asUtc - parisOffsetMinutes(instant) * 60_000;
  return new Date(instant).toISOString();
}

const decimal = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });

/** A file's size as « 850 ko » or « 2,4 Mo » (French units, powers of 1,024). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${decimal.format(Math.max(1, Math.round(bytes / 1024)))} ko`;
  return `${decimal.format(bytes / 1024 / 1024)} Mo`;
}
