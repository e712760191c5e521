import 'server-only';
import { embedDocument, formatEuros, numberField, readNumber } from './embed-page';
import { computeSeverancePay, SEVERANCE_MIN_MONTHS, SEVERANCE_PAY_SOURCE } from './severance-pay';

const MAX_EXTRA_MONTHS = 11;

/** The statutory severance pay simulator for a query string. */
export function severancePayPage(params: URLSearchParams): string {
  const years = readNumber(params, 'annees');
  const months = readNumber(params, 'mois');
  const last12 = readNumber(params, 'salaire12');
  const last3 = readNumber(params, 'salaire3');
  const form = `<form method="get">
${numberField('annees', 'Ancienneté : années complètes', params.get('annees') ?? '', 'step="1"')}
${numberField('mois', 'Ancienneté : mois complets en plus (0 à 11)', params.get('mois') ?? '0', `step="1" max="${MAX_EXTRA_MONTHS}"`)}
${numberField('salaire12', 'Salaire brut mensuel moyen des 12 derniers mois (en euros)', params.get('salaire12') ?? '')}
${numberField('salaire3', 'Salaire brut mensuel moyen des 3 derniers mois (en euros)', params.get('salaire3') ?? '')}
<button type="submit">Calculer l’indemnité</button></form>`;

  let result = '';
  if (params.has('annees')) {
    if (years === null || months === null || months > MAX_EXTRA_MONTHS || last12 === null || last3 === null) {
      result =
        '<p class="error" role="alert">Veuillez saisir une ancienneté (mois de 0 à 11) et des salaires positifs.</p>';
    } else {
      const pay = computeSeverancePay({
        years,
        months,
        averageLast12Months: last12,
        averageLast3Months: last3,
      });
      result = pay.eligible
        ? `<section class="result" aria-label="Résultat"><p>Indemnité légale de licenciement minimale : <strong>${formatEuros(pay.amount)}</strong></p>
<dl><dt>Salaire de référence retenu (le plus favorable)</dt><dd>${formatEuros(pay.referenceSalary)}</dd></dl></section>`
        : `<section class="result" aria-label="Résultat"><p>Aucune indemnité légale n’est due avant ${SEVERANCE_MIN_MONTHS} mois d’ancienneté ininterrompue.</p></section>`;
    }
  }
  return embedDocument({
    title: 'Indemnité légale de licenciement',
    form,
    result,
    source: SEVERANCE_PAY_SOURCE,
  });
}
