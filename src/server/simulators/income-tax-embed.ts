import 'server-only';
import { embedDocument, escapeHtml, formatEuros, numberField, readNumber, selectField } from './embed-page';
import { computeIncomeTax, INCOME_TAX_SOURCE, isValidShares } from './income-tax';

const SITUATIONS = [
  { value: 'seul', label: 'Célibataire, divorcé(e) ou veuf(ve)' },
  { value: 'couple', label: 'Marié(e) ou pacsé(e), imposition commune' },
];
const percent = new Intl.NumberFormat('fr-FR', { style: 'percent' });

/** The income tax simulator for a query string: the empty form, or the form and its result. */
export function incomeTaxPage(params: URLSearchParams): string {
  const situation = params.get('situation') === 'couple' ? 'couple' : 'seul';
  const couple = situation === 'couple';
  const income = readNumber(params, 'revenu');
  const shares = readNumber(params, 'parts');
  const form = `<form method="get">
${selectField('situation', 'Situation de famille', SITUATIONS, situation)}
${numberField('revenu', 'Revenu net imposable du foyer (en euros)', params.get('revenu') ?? '')}
${numberField('parts', 'Nombre de parts de quotient familial', params.get('parts') ?? (couple ? '2' : '1'), 'step="0.5"')}
<button type="submit">Calculer l’impôt</button></form>`;

  let result = '';
  if (params.has('revenu')) {
    if (income === null || shares === null || !isValidShares(shares, couple)) {
      result = `<p class="error" role="alert">Veuillez saisir un revenu positif et un nombre de parts valide (${couple ? '2' : '1'} part${couple ? 's' : ''} au minimum, par demi-part).</p>`;
    } else {
      const tax = computeIncomeTax({ taxableIncome: income, couple, shares });
      result = `<section class="result" aria-label="Résultat"><p>Impôt sur le revenu net estimé : <strong>${formatEuros(tax.netTax)}</strong></p>
<dl><dt>Impôt brut selon le barème</dt><dd>${formatEuros(tax.grossTax)}</dd>
<dt>Après plafonnement du quotient familial${tax.capApplied ? ' (appliqué)' : ''}</dt><dd>${formatEuros(tax.cappedTax)}</dd>
<dt>Décote</dt><dd>${formatEuros(tax.decote)}</dd>
<dt>Taux marginal d’imposition</dt><dd>${escapeHtml(percent.format(tax.marginalRate))}</dd></dl></section>`;
    }
  }
  return embedDocument({
    title: `Impôt sur le revenu ${INCOME_TAX_SOURCE.year} (revenus ${INCOME_TAX_SOURCE.year - 1})`,
    form,
    result,
    source: INCOME_TAX_SOURCE,
  });
}
