// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FacetList } from './facet-list';
import type { FacetLink } from './facet-value';

afterEach(cleanup);

const entries = (count: number): FacetLink[] =>
  Array.from({ length: count }, (_, index) => ({
    id: `v${index + 1}`,
    label: `Valeur ${index + 1}`,
    count: 100 - index,
    href: `/search?v=${index + 1}`,
    selected: false,
  }));

const shown = () => screen.getAllByRole('link').length;

describe('facet list more/less toggle', () => {
  it('offers the toggle as soon as more values exist than are shown (6 of 5)', () => {
    render(<FacetList title="Abonnement" entries={entries(6)} initialCount={5} />);
    expect(shown()).toBe(5);
    fireEvent.click(screen.getByRole('button', { name: /Afficher plus/ }));
    expect(shown()).toBe(6);
    fireEvent.click(screen.getByRole('button', { name: /Afficher moins/ }));
    expect(shown()).toBe(5);
  });

  it('adds 10 values per click, from 10 for the daily themes', () => {
    render(<FacetList title="Thèmes" entries={entries(25)} initialCount={10} />);
    expect(shown()).toBe(10);
    fireEvent.click(screen.getByRole('button', { name: /Afficher plus/ }));
    expect(shown()).toBe(20);
    fireEvent.click(screen.getByRole('button', { name: /Afficher plus/ }));
    expect(shown()).toBe(25);
    expect(screen.getByRole('button', { name: /Afficher moins/ })).toBeTruthy();
  });

  it('has no toggle when every value is shown', () => {
    render(<FacetList title="Matière" entries={entries(5)} initialCount={5} />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
