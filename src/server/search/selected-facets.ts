import 'server-only';
import type { SelectedFacets } from '@/lib/params';

/** The filters a facet selection stands for, split by kind (date years and year/months apart). */
export type FacetFilters = {
  years: string[];
  months: string[];
  types: string[];
  matieres: string[];
  abonnements: string[];
  themes: string[];
  /** Single choice; null is "all". */
  metier: string | null;
};

const YEAR = /^\d{4}$/;
const YEAR_MONTH = /^\d{4}\/(0[1-9]|1[0-2])$/;

/** Turns the parsed `selectedFacetsJson` into filters, dropping date values of another shape. */
export function facetFilters(selected: SelectedFacets): FacetFilters {
  const dates = selected.date_zapette ?? [];
  return {
    years: dates.filter((value) => YEAR.test(value)),
    months: dates.filter((value) => YEAR_MONTH.test(value)),
    types: selected.type_document ?? [],
    matieres: selected.matiere ?? [],
    abonnements: selected.abonnement ?? [],
    themes: selected.theme_quot_zapette ?? [],
    metier: selected.metier?.[0] || null,
  };
}
