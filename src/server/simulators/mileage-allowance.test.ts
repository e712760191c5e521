import { describe, expect, it } from 'vitest';
import { computeMileageAllowance } from './mileage-allowance';

describe('barème kilométrique 2025', () => {
  it('5 CV car, 8 000 km: (8 000 x 0,357) + 1 395 = 4 251 € (example of the barème)', () => {
    expect(
      computeMileageAllowance({ vehicle: 'voiture', powerClass: '5', distance: 8_000, electric: false }),
    ).toBe(4_251);
  });

  it('uses the band of each distance, bounds included', () => {
    expect(
      computeMileageAllowance({ vehicle: 'voiture', powerClass: '3', distance: 5_000, electric: false }),
    ).toBe(2_645);
    expect(
      computeMileageAllowance({ vehicle: 'voiture', powerClass: '7', distance: 25_000, electric: false }),
    ).toBe(11_750);
    expect(
      computeMileageAllowance({ vehicle: 'moto', powerClass: '3-5', distance: 4_000, electric: false }),
    ).toBe(1_486);
  });

  it('adds 20 % for an electric vehicle', () => {
    // 4 CV, 3 000 km: 3 000 x 0,606 = 1 818 €, x 1,2 = 2 181,60 -> 2 182 €.
    expect(
      computeMileageAllowance({ vehicle: 'voiture', powerClass: '4', distance: 3_000, electric: true }),
    ).toBe(2_182);
  });

  it('refuses an unknown power class', () => {
    expect(
      computeMileageAllowance({ vehicle: 'moto', powerClass: '9', distance: 100, electric: false }),
    ).toBeNull();
  });
});
