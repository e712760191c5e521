import { describe, expect, it, vi } from 'vitest';
import { parseFacets, parseMonth, parsePage, parseThematics, parseYear } from './params';

describe('parsePage', () => {
  it('keeps pages 1 to 49', () => {
    expect(parsePage('1')).toBe(1);
    expect(parsePage('2')).toBe(2);
    expect(parsePage('49')).toBe(49);
    expect(parsePage('07')).toBe(7);
  });

  it('turns anything else into 1', () => {
    for (const value of [
      '0',
      '50',
      '2.5',
      '-3',
      '1e3',
      '99999999999999999999',
      'abc',
      '',
      ' 2',
      '0x2',
      '٣',
    ]) {
      expect(parsePage(value)).toBe(1);
    }
    expect(parsePage(undefined)).toBe(1);
    expect(parsePage(['2', '3'])).toBe(1);
  });
});

describe('parseYear', () => {
  it('keeps four-digit years from 1970', () => {
    expect(parseYear('1970')).toBe(1970);
    expect(parseYear('2015')).toBe(2015);
    expect(parseYear('2026')).toBe(2026);
  });

  it('gives null for anything else', () => {
    for (const value of ['1969', '0000', '99', '20155', '2024.0', 'deux-mille', '', '-2020']) {
      expect(parseYear(value)).toBeNull();
    }
    expect(parseYear(undefined)).toBeNull();
    expect(parseYear(['2024'])).toBeNull();
  });
});

describe('parseMonth', () => {
  it('accepts two digits or one', () => {
    expect(parseMonth('01')).toBe(1);
    expect(parseMonth('03')).toBe(3);
    expect(parseMonth('3')).toBe(3);
    expect(parseMonth('12')).toBe(12);
  });

  it('accepts a French month name with or without accents or capitals', () => {
    expect(parseMonth('février')).toBe(2);
    expect(parseMonth('fevrier')).toBe(2);
    expect(parseMonth('Août')).toBe(8);
    expect(parseMonth('DECEMBRE')).toBe(12);
  });

  it('counts anything else, numbers outside 1 to 12 included, as January', () => {
    for (const value of ['0', '00', '13', '99', '-1', 'foo', '']) {
      expect(parseMonth(value)).toBe(1);
    }
    expect(parseMonth(undefined)).toBe(1);
    expect(parseMonth(['03'])).toBe(1);
  });
});

describe('parseThematics', () => {
  const valid = ['tva', 'is', 'bic', 'droits-enregistrement'];

  it('splits on the underscore and keeps the order', () => {
    expect(parseThematics('is_tva', valid)).toEqual(['is', 'tva']);
    expect(parseThematics('droits-enregistrement', valid)).toEqual(['droits-enregistrement']);
  });

  it('drops invalid slugs and repeats', () => {
    expect(parseThematics('tva_inconnu_is_tva_', valid)).toEqual(['tva', 'is']);
    expect(parseThematics('inconnu', valid)).toEqual([]);
  });

  it('gives no thematic without a single string', () => {
    expect(parseThematics(undefined, valid)).toEqual([]);
    expect(parseThematics(['tva'], valid)).toEqual([]);
  });
});

describe('parseFacets', () => {
  const logger = () => ({ warn: vi.fn<(message: string) => void>() });

  it('parses an object of string lists', () => {
    const log = logger();
    expect(parseFacets('{"matiere":["fiscal","social"],"date_zapette":["2024/03"]}', log)).toEqual({
      matiere: ['fiscal', 'social'],
      date_zapette: ['2024/03'],
    });
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('treats an absent or empty parameter as no selection, silently', () => {
    const log = logger();
    expect(parseFacets(undefined, log)).toEqual({});
    expect(parseFacets('', log)).toEqual({});
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('logs invalid JSON and treats it as empty', () => {
    const log = logger();
    expect(parseFacets('{"matiere":', log)).toEqual({});
    expect(log.warn).toHaveBeenCalledOnce();
    expect(log.warn.mock.calls[0]?.[0]).toContain('{"matiere":');
  });

  it('logs JSON of another shape and treats it as empty', () => {
    for (const json of ['[1,2]', '42', 'null', '"matiere"', '{"matiere":"fiscal"}', '{"matiere":[1]}']) {
      const log = logger();
      expect(parseFacets(json, log)).toEqual({});
      expect(log.warn).toHaveBeenCalledOnce();
    }
  });

  it('logs a repeated parameter and treats it as empty', () => {
    const log = logger();
    expect(parseFacets(['{}', '{}'], log)).toEqual({});
    expect(log.warn).toHaveBeenCalledOnce();
  });
});
