import { describe, expect, it } from 'vitest';
import { formatLongDate, formatLongDateTime, parisIsoDay, withFirstOfMonth } from './dates';

describe('parisIsoDay', () => {
  it('gives the day in Paris, which is already the next day at 23:30 UTC', () => {
    expect(parisIsoDay(new Date('2026-11-20T23:30:00Z'))).toBe('2026-11-21');
    expect(parisIsoDay(new Date('2026-11-20T12:00:00Z'))).toBe('2026-11-20');
  });

  it('follows summer time (UTC+2)', () => {
    expect(parisIsoDay(new Date('2026-07-14T22:30:00Z'))).toBe('2026-07-15');
    expect(parisIsoDay(new Date('2026-07-14T21:30:00Z'))).toBe('2026-07-14');
  });
});

describe('formatLongDate', () => {
  it('writes the day, the French month name and the year', () => {
    expect(formatLongDate('2026-11-20T10:00:00Z')).toBe('20 novembre 2026');
  });

  it('writes the first of a month as 1er wherever Intl wrote it, and no other day', () => {
    expect(withFirstOfMonth('mardi 1 décembre 2026')).toBe('mardi 1er décembre 2026');
    expect(withFirstOfMonth('1 décembre 2026 à 10:05')).toBe('1er décembre 2026 à 10:05');
    expect(withFirstOfMonth('11 décembre 2026')).toBe('11 décembre 2026');
    expect(withFirstOfMonth('21 mars 2026')).toBe('21 mars 2026');
  });

  it('writes the first day of a month as 1er', () => {
    expect(formatLongDate(new Date('2015-01-01T10:00:00Z'))).toBe('1er janvier 2015');
    expect(formatLongDate('2026-03-11T10:00:00Z')).toBe('11 mars 2026');
  });
});

describe('formatLongDateTime', () => {
  it('writes the day and the Paris time as « à 10 h 05 », in winter and in summer', () => {
    expect(formatLongDateTime('2026-12-02T09:05:00Z')).toBe('2 décembre 2026 à 10 h 05');
    expect(formatLongDateTime(new Date('2026-07-14T21:30:00Z'))).toBe('14 juillet 2026 à 23 h 30');
  });

  it('writes the first of a month as 1er and midnight as 00 h', () => {
    expect(formatLongDateTime('2026-11-30T23:00:00Z')).toBe('1er décembre 2026 à 00 h 00');
  });
});
