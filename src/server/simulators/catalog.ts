import 'server-only';
import type { EmbedSource } from './embed-page';
import { INCOME_TAX_SOURCE } from './income-tax';
import { incomeTaxPage } from './income-tax-embed';
import { MILEAGE_SOURCE } from './mileage-allowance';
import { mileagePage } from './mileage-embed';
import { SEVERANCE_PAY_SOURCE } from './severance-pay';
import { severancePayPage } from './severance-pay-embed';

/** The simulators the app serves under /embed/, by path: the articles' simulatorUrl points at one of them. */
export const EMBEDDED_SIMULATORS: Readonly<
  Record<string, { source: EmbedSource; render: (params: URLSearchParams) => string }>
> = {
  '/embed/impot-revenu': { source: INCOME_TAX_SOURCE, render: incomeTaxPage },
  '/embed/indemnite-licenciement': { source: SEVERANCE_PAY_SOURCE, render: severancePayPage },
  '/embed/bareme-kilometrique': { source: MILEAGE_SOURCE, render: mileagePage },
};

/** The official source of an embedded simulator, or null for a path the app does not serve. */
export function simulatorSource(simulatorUrl: string | null | undefined): EmbedSource | null {
  if (!simulatorUrl) return null;
  return EMBEDDED_SIMULATORS[simulatorUrl.split('?')[0] ?? '']?.source ?? null;
}
