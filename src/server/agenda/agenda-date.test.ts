import { describe, expect, it } from 'vitest';
import { agendaDateParam, parseAgendaDate, shiftMonth } from './agenda-date';

const NOW = new Date('2026-11-20T23:30:00Z'); // already 21 November in Paris: still November

describe('agenda date parameter', () => {
  it('reads MM-YYYY and YYYY-MM', () => {
    expect(parseAgendaDate('03-2025', NOW)).toEqual({ year: 2025, month: 3 });
    expect(parseAgendaDate('2025-3', NOW)).toEqual({ year: 2025, month: 3 });
  });

  it('falls back to the current month in Paris for anything else', () => {
    for (const value of [undefined, '', '13-2025', '00-2025', 'mars', ['03-2025', '04-2025']]) {
      expect(parseAgendaDate(value, NOW)).toEqual({ year: 2026, month: 11 });
    }
    expect(parseAgendaDate(undefined, new Date('2026-12-31T23:30:00Z'))).toEqual({ year: 2027, month: 1 });
  });

  it('writes and shifts months across years', () => {
    expect(agendaDateParam({ year: 2026, month: 1 })).toBe('01-2026');
    expect(shiftMonth({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(shiftMonth({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
  });
});
