import 'server-only';
import type { EmbedSource } from './embed-page';
import { incomeTaxScale } from './income-tax';
import { incomeTaxPage, requestedYear } from './income-tax-embed';
import { MILEAGE_SOURCE } from './mileage-allowance';
import { mileagePage } from './mileage-embed';
import { SEVERANCE_PAY_SOURCE } from './severance-pay';
import { severancePayPage } from './severance-pay-embed';

/** The simulators the app serves under /embed/, by path: the articles' simulatorUrl points at one of them. */
export const EMBEDDED_SIMULATORS: Readonly<
  Record<
    string,
    { source: (params: URLSearchParams) => EmbedSource; render: (params: URLSearchParams) => string }
  >
> = {
  // One page per year of taxation (?annee=2024): each computes and cites its own year's scale.
  '/embed/impot-revenu': {
    source: (params) => incomeTaxScale(requestedYear(params)).source,
    render: incomeTaxPage,
  },
  '/embed/indemnite-licenciement': { source: () => SEVERANCE_PAY_SOURCE, render: severancePayPage },
  '/embed/bareme-kilometrique': { source: () => MILEAGE_SOURCE, render: mileagePage },
};

/** The official source of an embedded simulator's page, or null for a path the app does not serve. */
export function simulatorSource(simulatorUrl: string | null | undefined): EmbedSource | null {
  if (!simulatorUrl) return null;
  const [path = '', query = ''] = simulatorUrl.split('?');
  return EMBEDDED_SIMULATORS[path]?.source(new URLSearchParams(query)) ?? null;
}
