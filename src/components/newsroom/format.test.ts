import { describe, expect, test } from 'vitest';
import { formatDateTime, formatDay, formatFileSize, fromParisInput, toParisInput } from './format';

describe('newsroom dates in Paris time', () => {
  test('a winter instant is shown an hour ahead of UTC, a summer one two hours', () => {
    expect(toParisInput('2026-11-23T19:30:00Z')).toBe('2026-11-23T20:30');
    expect(toParisInput('2026-07-01T06:05:00Z')).toBe('2026-07-01T08:05');
  });

  test('a time typed in Paris is sent as its UTC instant', () => {
    expect(fromParisInput('2026-11-23T20:30')).toBe('2026-11-23T19:30:00.000Z');
    expect(fromParisInput('2026-07-01T08:05')).toBe('2026-07-01T06:05:00.000Z');
  });

  test('around the changes of time the typed hour is kept where it exists', () => {
    // 2026-03-29: 02:00 becomes 03:00 in Paris; 2026-10-25: 03:00 becomes 02:00.
    expect(fromParisInput('2026-03-29T01:30')).toBe('2026-03-29T00:30:00.000Z');
    expect(fromParisInput('2026-03-29T03:30')).toBe('2026-03-29T01:30:00.000Z');
    expect(fromParisInput('2026-10-25T04:00')).toBe('2026-10-25T03:00:00.000Z');
    for (const iso of ['2026-01-15T10:00:00.000Z', '2026-08-15T10:00:00.000Z']) {
      expect(fromParisInput(toParisInput(iso))).toBe(iso);
    }
  });

  test('an empty or malformed value gives no instant', () => {
    expect(fromParisInput('')).toBeNull();
    expect(fromParisInput('23/11/2026 20:30')).toBeNull();
  });

  test('list dates read in French', () => {
    expect(formatDateTime('2026-11-23T19:30:00Z')).toBe('23/11/2026 20:30');
    expect(formatDateTime(null)).toBe('');
  });
});

describe('formatDay', () => {
  test('writes an event day in French order, nothing without one', () => {
    expect(formatDay('2026-12-15')).toBe('15/12/2026');
    expect(formatDay(null)).toBe('');
  });
});

describe('formatFileSize', () => {
  test('says ko under a megabyte and Mo above, in French', () => {
    expect(formatFileSize(300)).toBe('1 ko');
    expect(formatFileSize(850 * 1024)).toBe('850 ko');
    expect(formatFileSize(2.4 * 1024 * 1024)).toBe('2,4 Mo');
  });
});
