import { describe, expect, it } from 'vitest';
import { CANDIDATE_CAP, cameShort, readsWindowAlone } from './cost-planning';

const window = { bound: '2026-01-01', months: ['202601'] };
const full = CANDIDATE_CAP + 1;
const tiers = { news: null, docs: null };

describe('cameShort', () => {
  it('is false when every windowed corpus found the cap + 1 matches in its window', () => {
    expect(cameShort({ news: window, docs: window, tiers }, { total_news: full, total_docs: full })).toBe(
      false,
    );
  });

  it('is true when a windowed corpus found the cap or fewer: its older matches are needed', () => {
    expect(
      cameShort({ news: window, docs: window, tiers }, { total_news: CANDIDATE_CAP, total_docs: full }),
    ).toBe(true);
    expect(cameShort({ news: null, docs: window, tiers }, { total_news: full, total_docs: 0 })).toBe(true);
  });

  it('ignores a corpus read without a window (all its matches were read) and a read that did not run', () => {
    expect(cameShort({ news: null, docs: window, tiers }, { total_news: 3, total_docs: full })).toBe(false);
    expect(cameShort({ news: null, docs: null, tiers }, { total_news: 0, total_docs: 0 })).toBe(false);
    expect(cameShort({ news: window, docs: window, tiers }, null)).toBe(false);
  });

  it('ignores a corpus read through a tier, whose statement reads its older matches itself', () => {
    const tiered = { news: window, docs: null, tiers: { news: 'wider' as const, docs: null } };
    expect(readsWindowAlone(tiered)).toBe(false);
    expect(cameShort(tiered, { total_news: 3, total_docs: 0 })).toBe(false);
    expect(readsWindowAlone({ news: window, docs: null, tiers })).toBe(true);
  });
});
