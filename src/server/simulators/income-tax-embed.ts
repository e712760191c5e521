import 'server-only';
import { escapeHtml } from '@/lib/text';
import { embedDocument, formatEuros, numberField, readNumber, selectField } from './embed-page';
import { computeIncomeTax, incomeTaxScale, isValidShares, LATEST_INCOME_TAX_YEAR } from './income-tax';

const SITUATIONS = [
  { value: 'seul', label: 'Célibataire, divorcé(e) ou veuf(ve)' },
  { value: 'couple', label: 'Marié(e) ou pacsé(e), imposition commune' },
];
const percent = new Intl.NumberFormat('fr-FR', { style: 'percent' });

/** The income tax simulator for a query string: the empty form, or the form and its result. */
/** The year of taxation a page asks for (`annee`), as a number; null when absent or malformed. */
export function requestedYear(params: URLSearchParams): number | null {
  const year = params.get(YEAR_PARAMETER) ?? '';
  return /^\d{4}$/.test(year) ? Number(year) : null;
}

/** The query parameter naming the year of taxation; the form carries it along. */
const YEAR_PARAMETER = 'annee';

export function incomeTaxPage(params: URLSearchParams): string {
  const requested = requestedYear(params);
  const scale = incomeTaxScale(requested);
  const situation = params.get('situation') === 'couple' ? 'couple' : 'seul';
  const couple = situation === 'couple';
  const income = readNumber(params, 'revenu');
  const shares = readNumber(params, 'parts');
  const form = `<form method="get">
<input type="hidden" name="${YEAR_PARAMETER}" value="${scale.year}">
${selectField('situation', 'Situation de famille', SITUATIONS, situation)}
${numberField('revenu', 'Revenu net imposable du foyer (en euros)', params.get('revenu') ?? '')}
${numberField('parts', 'Nombre de parts de quotient familial', params.get('parts') ?? (couple ? '2' : '1'), 'step="0.5"')}
<button type="submit">Calculer l’impôt</button></form>`;

  let result = '';
  if (params.has('revenu')) {
    if (income === null || shares === null || !isValidShares(shares, couple)) {
      result = `<p class="error" role="alert">Veuillez saisir un revenu positif et un nombre de parts valide (${couple ? '2' : '1'} part${couple ? 's' : ''} au minimum, par demi-part).</p>`;
    } else {
      const tax = computeIncomeTax({ taxableIncome: income, couple, shares }, scale);
      result = `<section class="result" aria-label="Résultat"><p>Impôt sur le revenu net estimé : <strong>${formatEuros(tax.netTax)}</strong></p>
<dl><dt>Impôt brut selon le barème</dt><dd>${formatEuros(tax.grossTax)}</dd>
<dt>Après plafonnement du quotient familial${tax.capApplied ? ' (appliqué)' : ''}</dt><dd>${formatEuros(tax.cappedTax)}</dd>
<dt>Décote</dt><dd>${formatEuros(tax.decote)}</dd>
<dt>Taux marginal d’imposition</dt><dd>${escapeHtml(percent.format(tax.marginalRate))}</dd></dl></section>`;
    }
  }
  // A year the simulator does not know yet (its finance law not integrated) says so, instead of passing the
  // latest scale off as that year's.
  const notice =
    requested !== null && requested !== scale.year
      ? `<p class="error" role="note">Le barème ${requested} n’est pas encore intégré à ce simulateur : le calcul applique le barème ${scale.year}${requested > LATEST_INCOME_TAX_YEAR ? ', le dernier publié ici' : ''}.</p>`
      : '';
  return embedDocument({
    title: `Impôt sur le revenu ${scale.year} (revenus ${scale.year - 1})`,
    form: `${notice}${form}`,
    result,
    source: scale.source,
  });
}
