import { describe, expect, it } from 'vitest';
import { isSameSecret } from './secrets';

describe('isSameSecret', () => {
  it('accepts the expected secret and nothing else', () => {
    expect(isSameSecret('jeton-0123', 'jeton-0123')).toBe(true);
    expect(isSameSecret('jeton-0124', 'jeton-0123')).toBe(false);
    expect(isSameSecret('jeton-012', 'jeton-0123')).toBe(false);
    expect(isSameSecret('jeton-01234', 'jeton-0123')).toBe(false);
    expect(isSameSecret('', 'jeton-0123')).toBe(false);
  });

  it('never accepts anything when no secret is expected', () => {
    expect(isSameSecret('', '')).toBe(false);
  });
});
