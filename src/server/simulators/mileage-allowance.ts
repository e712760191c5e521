import 'server-only';

/**
 * Barème kilométrique 2025 of the tax administration (frais réels of employees; barème 2024 kept for 2025
 * income, BOI-BAREME-000001), cars and motorcycles. Electric vehicles get 20 % more.
 */
export const MILEAGE_SOURCE = {
  title: 'Barème kilométrique 2025 de l’administration fiscale',
  reference: 'BOI-BAREME-000001, revenus de 2024 déclarés en 2025',
  year: 2025,
  validity:
    'l’administration fiscale publie le barème d’une année au printemps suivant, pour la déclaration des revenus : celui de 2025 est le dernier publié et s’applique jusqu’au suivant.',
  url: 'https://www.impots.gouv.fr/particulier/questions/je-deduis-mes-frais-reels-quel-bareme-kilometrique-dois-je-utiliser',
} as const;

export const ELECTRIC_BONUS = 0.2;

/** d × rate + fixed within a distance band; bands run up to `upTo` km inclusive. */
type Band = { upTo: number; rate: number; fixed: number };
export type PowerClass = { id: string; label: string; bands: readonly Band[] };

const CAR_LIMITS = [5_000, 20_000, Number.POSITIVE_INFINITY] as const;
const MOTORCYCLE_LIMITS = [3_000, 6_000, Number.POSITIVE_INFINITY] as const;

function bands(limits: readonly number[], rows: readonly [number, number][]): Band[] {
  return rows.map(([rate, fixed], index) => ({
    upTo: limits[index] ?? Number.POSITIVE_INFINITY,
    rate,
    fixed,
  }));
}

export const VEHICLES = {
  voiture: {
    label: 'Voiture',
    classes: [
      {
        id: '3',
        label: '3 CV et moins',
        bands: bands(CAR_LIMITS, [
          [0.529, 0],
          [0.316, 1_065],
          [0.37, 0],
        ]),
      },
      {
        id: '4',
        label: '4 CV',
        bands: bands(CAR_LIMITS, [
          [0.606, 0],
          [0.34, 1_330],
          [0.407, 0],
        ]),
      },
      {
        id: '5',
        label: '5 CV',
        bands: bands(CAR_LIMITS, [
          [0.636, 0],
          [0.357, 1_395],
          [0.427, 0],
        ]),
      },
      {
        id: '6',
        label: '6 CV',
        bands: bands(CAR_LIMITS, [
          [0.665, 0],
          [0.374, 1_457],
          [0.447, 0],
        ]),
      },
      {
        id: '7',
        label: '7 CV et plus',
        bands: bands(CAR_LIMITS, [
          [0.697, 0],
          [0.394, 1_515],
          [0.47, 0],
        ]),
      },
    ],
  },
  moto: {
    label: 'Motocyclette',
    classes: [
      {
        id: '1-2',
        label: '1 ou 2 CV',
        bands: bands(MOTORCYCLE_LIMITS, [
          [0.395, 0],
          [0.099, 891],
          [0.248, 0],
        ]),
      },
      {
        id: '3-5',
        label: '3, 4 ou 5 CV',
        bands: bands(MOTORCYCLE_LIMITS, [
          [0.468, 0],
          [0.082, 1_158],
          [0.275, 0],
        ]),
      },
      {
        id: '6',
        label: 'Plus de 5 CV',
        bands: bands(MOTORCYCLE_LIMITS, [
          [0.606, 0],
          [0.079, 1_583],
          [0.343, 0],
        ]),
      },
    ],
  },
} as const satisfies Record<string, { label: string; classes: readonly PowerClass[] }>;

export type VehicleKind = keyof typeof VEHICLES;

export type MileageInput = { vehicle: VehicleKind; powerClass: string; distance: number; electric: boolean };

/** The allowance in euros (rounded to the euro), or null for an unknown power class. */
export function computeMileageAllowance(input: MileageInput): number | null {
  const powerClass = VEHICLES[input.vehicle].classes.find((entry) => entry.id === input.powerClass);
  if (!powerClass) return null;
  const distance = Math.max(0, input.distance);
  const band = powerClass.bands.find((entry) => distance <= entry.upTo) ?? powerClass.bands.at(-1);
  if (!band) return null;
  const amount = distance * band.rate + band.fixed;
  return Math.round(input.electric ? amount * (1 + ELECTRIC_BONUS) : amount);
}
