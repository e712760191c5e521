import { describe, expect, it } from 'vitest';
import { redirectFieldName } from './redirects-page';

describe('redirectFieldName', () => {
  it('names a refused redirect’s fields as the form labels them', () => {
    expect(redirectFieldName('toPath')).toBe('Nouvelle adresse');
    expect(redirectFieldName('fromPath')).toBe('Ancienne adresse');
    expect(redirectFieldName('ligne 3')).toBe('ligne 3');
  });
});
