import 'server-only';
import { embedDocument, formatEuros, numberField, readNumber, selectField } from './embed-page';
import { computeMileageAllowance, MILEAGE_SOURCE, VEHICLES, type VehicleKind } from './mileage-allowance';

const POWER_OPTIONS = Object.entries(VEHICLES).flatMap(([vehicle, entry]) =>
  entry.classes.map((powerClass) => ({
    value: `${vehicle}:${powerClass.id}`,
    label: `${entry.label} – ${powerClass.label}`,
  })),
);
const YES = 'oui';

function isVehicle(value: string): value is VehicleKind {
  return Object.hasOwn(VEHICLES, value);
}

/** The mileage allowance simulator for a query string. */
export function mileagePage(params: URLSearchParams): string {
  const selected = params.get('vehicule') ?? 'voiture:5';
  const [vehicle = '', powerClass = ''] = selected.split(':');
  const distance = readNumber(params, 'distance');
  const electric = params.get('electrique') === YES;
  const form = `<form method="get">
${selectField('vehicule', 'Véhicule et puissance administrative', POWER_OPTIONS, selected)}
${numberField('distance', 'Distance parcourue à titre professionnel dans l’année (en km)', params.get('distance') ?? '')}
<label class="inline" for="electrique"><input id="electrique" name="electrique" type="checkbox" value="${YES}"${electric ? ' checked' : ''}> Véhicule électrique (majoration de 20 %)</label>
<button type="submit">Calculer les frais</button></form>`;

  let result = '';
  if (params.has('distance')) {
    const amount =
      distance !== null && isVehicle(vehicle)
        ? computeMileageAllowance({ vehicle, powerClass, distance, electric })
        : null;
    result =
      amount === null
        ? '<p class="error" role="alert">Veuillez choisir un véhicule et saisir une distance positive.</p>'
        : `<section class="result" aria-label="Résultat"><p>Frais kilométriques déductibles : <strong>${formatEuros(amount)}</strong></p></section>`;
  }
  return embedDocument({
    title: `Barème kilométrique ${MILEAGE_SOURCE.year}`,
    form,
    result,
    source: MILEAGE_SOURCE,
  });
}
