import { describe, expect, test } from 'vitest';
import { registeredWord } from './registration-form';

describe('registeredWord', () => {
  test('« inscrite » for Madame and Mademoiselle, « inscrit » otherwise', () => {
    expect(registeredWord(14)).toBe('inscrite');
    expect(registeredWord(15)).toBe('inscrite');
    expect(registeredWord(13)).toBe('inscrit');
    expect(registeredWord(18)).toBe('inscrit');
  });
});
