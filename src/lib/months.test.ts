import { describe, expect, it } from 'vitest';
import { findMonth, MONTHS, monthValue } from './months';

describe('MONTHS', () => {
  it('holds the twelve months with name, abbreviation and two-digit value', () => {
    expect(MONTHS).toHaveLength(12);
    expect(MONTHS[0]).toEqual({ number: 1, value: '01', name: 'janvier', abbreviation: 'janv.' });
    expect(MONTHS[1]).toEqual({ number: 2, value: '02', name: 'février', abbreviation: 'févr.' });
    expect(MONTHS[7]).toEqual({ number: 8, value: '08', name: 'août', abbreviation: 'août' });
    expect(MONTHS[11]).toEqual({ number: 12, value: '12', name: 'décembre', abbreviation: 'déc.' });
    expect(MONTHS.map((month) => month.value)).toEqual([
      '01',
      '02',
      '03',
      '04',
      '05',
      '06',
      '07',
      '08',
      '09',
      '10',
      '11',
      '12',
    ]);
  });
});

describe('monthValue', () => {
  it('pads to two digits', () => {
    expect(monthValue(3)).toBe('03');
    expect(monthValue(11)).toBe('11');
  });
});

describe('findMonth', () => {
  it('finds a month by its name, whatever the case and accents', () => {
    expect(findMonth('février')?.number).toBe(2);
    expect(findMonth('FEVRIER')?.number).toBe(2);
    expect(findMonth('Décembre')?.number).toBe(12);
    expect(findMonth('aout')?.number).toBe(8);
    expect(findMonth(' mars ')?.number).toBe(3);
  });

  it('finds a month by its abbreviation, with or without the dot', () => {
    expect(findMonth('janv.')?.number).toBe(1);
    expect(findMonth('sept')?.number).toBe(9);
    expect(findMonth('DÉC.')?.number).toBe(12);
  });

  it('finds a month by one or two digits', () => {
    expect(findMonth('01')?.number).toBe(1);
    expect(findMonth('1')?.number).toBe(1);
    expect(findMonth('12')?.number).toBe(12);
  });

  it('finds nothing for other texts', () => {
    for (const text of ['', '0', '00', '13', '123', 'foo', 'janvierr', 'march']) {
      expect(findMonth(text)).toBeUndefined();
    }
  });
});
