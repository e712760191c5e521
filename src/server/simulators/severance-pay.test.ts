import { describe, expect, it } from 'vitest';
import { computeSeverancePay } from './severance-pay';

describe('indemnité légale de licenciement (art. R. 1234-2)', () => {
  it('pays a quarter of a month per year up to ten years', () => {
    // 2 000 € x 1/4 x 5 years = 2 500 €.
    expect(
      computeSeverancePay({ years: 5, months: 0, averageLast12Months: 2_000, averageLast3Months: 1_900 })
        .amount,
    ).toBe(2_500);
  });

  it('pays a third beyond ten years and counts incomplete years pro rata (service-public.fr example)', () => {
    // 14 years 8 months, 1 800 €: (1 800 x 1/4 x 10) + (1 800 x 1/3 x 4) + (1 800 x 1/3 x 8/12) = 7 300 €.
    const result = computeSeverancePay({
      years: 14,
      months: 8,
      averageLast12Months: 1_700,
      averageLast3Months: 1_800,
    });
    expect(result.referenceSalary).toBe(1_800);
    expect(result.amount).toBe(7_300);
  });

  it('is not due before eight months of service', () => {
    const result = computeSeverancePay({
      years: 0,
      months: 7,
      averageLast12Months: 2_500,
      averageLast3Months: 2_500,
    });
    expect(result).toEqual({ eligible: false, referenceSalary: 2_500, amount: 0 });
    expect(
      computeSeverancePay({ years: 0, months: 8, averageLast12Months: 2_400, averageLast3Months: 0 }).amount,
    ).toBe(400);
  });
});
