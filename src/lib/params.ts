import { FIRST_PAGE, MAX_PAGE, MIN_VALID_YEAR, THEMATIC_SEPARATOR } from './constants';
import { findMonth } from './months';

/** A route or query parameter as Next.js hands it over: absent, one value or a repeated one. */
export type ParamValue = string | readonly string[] | undefined;

/** The first month, what an invalid month counts as. */
const JANUARY = 1;

/** A page number: an integer from FIRST_PAGE to MAX_PAGE written in digits; anything else is FIRST_PAGE. */
export function parsePage(value: ParamValue): number {
  if (typeof value !== 'string' || !/^\d{1,3}$/.test(value)) return FIRST_PAGE;
  const page = Number(value);
  return page >= FIRST_PAGE && page <= MAX_PAGE ? page : FIRST_PAGE;
}

/**
 * A year written with four digits, from MIN_VALID_YEAR on. Anything else gives null: the caller picks its own
 * fallback (the archive uses the current year, and clamps to ARCHIVE_START_YEAR itself).
 */
export function parseYear(value: ParamValue): number | null {
  if (typeof value !== 'string' || !/^\d{4}$/.test(value)) return null;
  const year = Number(value);
  return year >= MIN_VALID_YEAR ? year : null;
}

/**
 * A month number from 1 to 12, named by a French month name or abbreviation (case and accents ignored) or by
 * one or two digits. Anything else, a number outside 1 to 12 included, counts as invalid: January.
 */
export function parseMonth(value: ParamValue): number {
  if (typeof value !== 'string') return JANUARY;
  return findMonth(value)?.number ?? JANUARY;
}

/**
 * The thematic slugs of a path segment joined by THEMATIC_SEPARATOR ('tva_is'), in order, keeping only the
 * valid ones and each once.
 */
export function parseThematics(value: ParamValue, validSlugs: Iterable<string>): string[] {
  if (typeof value !== 'string') return [];
  const valid = new Set(validSlugs);
  return [...new Set(value.split(THEMATIC_SEPARATOR))].filter((slug) => valid.has(slug));
}

/** Selected search facets: facet name -> selected values. */
export type SelectedFacets = Record<string, string[]>;

/** Where parameter problems are reported; console and pino loggers both fit. */
export type ParamLogger = { warn(message: string): void };

/**
 * The selected facets carried as JSON in the query string ({"matiere": ["fiscal"], …}). JSON that does not
 * parse, or that is not an object of string lists, is logged and treated as no selection.
 */
export function parseFacets(json: ParamValue, logger: ParamLogger): SelectedFacets {
  if (json === undefined || json === '') return {};
  if (typeof json !== 'string') {
    logger.warn('Facettes invalides : paramètre répété');
    return {};
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch (error) {
    logger.warn(`Facettes invalides (${error instanceof Error ? error.message : String(error)}) : ${json}`);
    return {};
  }
  if (!isFacetSelection(parsed)) {
    logger.warn(`Facettes invalides (un objet de listes de textes est attendu) : ${json}`);
    return {};
  }
  return parsed;
}

function isFacetSelection(value: unknown): value is SelectedFacets {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.values(value).every(
    (entry) => Array.isArray(entry) && entry.every((item) => typeof item === 'string'),
  );
}
