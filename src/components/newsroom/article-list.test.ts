import { describe, expect, test } from 'vitest';
import { creatorOptions } from './article-list';

describe('the "Créés par" filter', () => {
  test('offers the person signed in as « Moi », then every other staff member', () => {
    const creators = [
      { id: 3, name: 'Dominique Chef' },
      { id: 1, name: 'Camille Martin' },
      { id: 2, name: 'Jean Autre' },
    ];
    expect(creatorOptions(1, creators)).toEqual([
      { value: '1', label: 'Moi' },
      { value: '3', label: 'Dominique Chef' },
      { value: '2', label: 'Jean Autre' },
    ]);
  });
});
