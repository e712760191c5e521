import { describe, expect, it } from 'vitest';
import { computeIncomeTax, isValidShares } from './income-tax';

describe('impôt sur le revenu 2025 (revenus 2024)', () => {
  it('a single person with 30 000 € pays 2 165 € (worked example of impots.gouv.fr)', () => {
    // 0 % up to 11 497 €, 11 % on 17 818 € = 1 959,98 €, 30 % on 685 € = 205,50 €: 2 165 €.
    const result = computeIncomeTax({ taxableIncome: 30_000, couple: false, shares: 1 });
    expect(result.netTax).toBe(2_165);
    expect(result.decote).toBe(0);
    expect(result.marginalRate).toBe(0.3);
  });

  it('applies the décote under the threshold of a single person', () => {
    // 20 000 €: (20 000 - 11 497) x 11 % = 935,33 -> 935 €; décote 889 - 45,25 % x 935 = 466 €.
    const result = computeIncomeTax({ taxableIncome: 20_000, couple: false, shares: 1 });
    expect(result.cappedTax).toBe(935);
    expect(result.decote).toBe(466);
    expect(result.netTax).toBe(469);
  });

  it('divides by the shares of a couple with two children without reaching the cap', () => {
    // 60 000 € for 3 shares: quotient 20 000 €, 935,33 € x 3 = 2 806 €; with 2 shares 4 331 €: the
    // advantage (1 525 €) stays under 2 half-shares x 1 791 €. Décote of a couple: 1 470 - 45,25 % x 2 806 = 200 €.
    const result = computeIncomeTax({ taxableIncome: 60_000, couple: true, shares: 3 });
    expect(result.capApplied).toBe(false);
    expect(result.cappedTax).toBe(2_806);
    expect(result.decote).toBe(200);
    expect(result.netTax).toBe(2_606);
  });

  it('caps the advantage of the quotient familial at 1 791 € per half-share', () => {
    // 100 000 €, couple with one child: 2 shares give 16 330,96 €, 2.5 shares 12 913,70 €; the advantage
    // 3 417 € exceeds 1 791 €, so the tax is 16 330,96 - 1 791 = 14 540 €.
    const result = computeIncomeTax({ taxableIncome: 100_000, couple: true, shares: 2.5 });
    expect(result.grossTax).toBe(12_914);
    expect(result.capApplied).toBe(true);
    expect(result.netTax).toBe(14_540);
  });

  it('charges nothing under the first bracket and accepts only half-shares from the base', () => {
    expect(computeIncomeTax({ taxableIncome: 11_000, couple: false, shares: 1 }).netTax).toBe(0);
    expect(isValidShares(2.5, true)).toBe(true);
    expect(isValidShares(1.25, false)).toBe(false);
    expect(isValidShares(1, true)).toBe(false);
  });
});
