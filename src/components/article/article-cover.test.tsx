// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { ArticleCover } from './article-cover';

afterEach(cleanup);

describe('ArticleCover', () => {
  test('the image is described by the newsroom’s alt text, the legend stays the caption', () => {
    render(
      <ArticleCover
        image={{ href: '/media/1/w1280.webp', alt: 'Un graphique des taux', legend: 'Les taux en 2026' }}
      />,
    );
    expect(screen.getByRole('img', { name: 'Un graphique des taux' })).toBeTruthy();
    expect(screen.getByText('Les taux en 2026').tagName).toBe('FIGCAPTION');
  });

  test('an imported image without alt text falls back to its legend', () => {
    render(<ArticleCover image={{ href: '/media/covers/a.webp', legend: 'Une légende' }} />);
    expect(screen.getByRole('img', { name: 'Une légende' })).toBeTruthy();
  });
});
