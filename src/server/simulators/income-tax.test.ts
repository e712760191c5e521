import { describe, expect, it } from 'vitest';
import { latestPerTool } from '@/lib/simulator-tools';
import { simulatorSource } from './catalog';
import { computeIncomeTax, incomeTaxScale, isValidShares } from './income-tax';
import { incomeTaxPage } from './income-tax-embed';

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

describe('one page per year of taxation (every year embedded the 2025 simulator)', () => {
  const page = (query: string) => incomeTaxPage(new URLSearchParams(query));

  it('computes each year with its own scale', () => {
    const single = { taxableIncome: 30_000, couple: false, shares: 1 };
    expect(computeIncomeTax(single, incomeTaxScale(2023)).netTax).toBe(2_594);
    expect(computeIncomeTax(single, incomeTaxScale(2024)).netTax).toBe(2_286);
    expect(computeIncomeTax(single, incomeTaxScale(2025)).netTax).toBe(2_165);
    expect(computeIncomeTax(single).netTax).toBe(2_165);
  });

  it("each year's page computes, titles and cites its own year, and its form keeps the year", () => {
    const html = page('annee=2023&situation=seul&revenu=30000&parts=1');
    expect(html).toContain('Impôt sur le revenu 2023 (revenus 2022)');
    expect(html).toContain('2\u202f594\u00a0€');
    expect(html).toContain('Source officielle (2023)');
    expect(html).toContain('loi n° 2022-1726');
    expect(html).toContain('<input type="hidden" name="annee" value="2023">');
    expect(page('annee=2024')).toContain('Source officielle (2024)');
    expect(simulatorSource('/embed/impot-revenu?annee=2024')?.year).toBe(2024);
    expect(simulatorSource('/embed/impot-revenu')?.year).toBe(2025);
  });

  it('a year the simulator does not know says which scale it applies instead', () => {
    const html = page('annee=2026');
    expect(html).toContain(
      'Le barème 2026 n’est pas encore intégré à ce simulateur : le calcul applique le barème 2025',
    );
    expect(html).toContain('Source officielle (2025)');
  });

  it('the list shows one card per tool, its newest year', () => {
    const news = [2026, 2025, 2024].flatMap((year) => [
      { id: `ir${year}`, simulator_url: `/embed/impot-revenu?annee=${year}` },
      { id: `km${year}`, simulator_url: '/embed/bareme-kilometrique' },
    ]);
    expect(latestPerTool(news).map((item) => item.id)).toEqual(['ir2026', 'km2026']);
  });
});
