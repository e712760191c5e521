import { describe, expect, it } from 'vitest';
import { breadcrumbJsonLd } from './structured-data';

describe('breadcrumbJsonLd', () => {
  it('numbers the items and links those with a path, absolutely', () => {
    const data = breadcrumbJsonLd('https://www.example.fr', [
      { name: 'Accueil', path: '/' },
      { name: 'Actualités', path: '/actualite' },
      { name: 'Fiscal' },
    ]);
    expect(data.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Accueil', item: 'https://www.example.fr/' },
      { '@type': 'ListItem', position: 2, name: 'Actualités', item: 'https://www.example.fr/actualite' },
      { '@type': 'ListItem', position: 3, name: 'Fiscal' },
    ]);
  });
});
