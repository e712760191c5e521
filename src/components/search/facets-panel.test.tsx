// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FacetsPanel } from './facets-panel';

afterEach(cleanup);

describe('facets panel', () => {
  it('says when the counts cover only the newest matches of a bounded search', () => {
    render(<FacetsPanel groups={[]} previousHref={null} nextHref={null} countedNewest={2000} />);
    expect(screen.getByText(/Décomptes établis sur les 2\s000 résultats les plus récents\./)).toBeTruthy();
  });

  it('says nothing of the kind for an exact search', () => {
    render(<FacetsPanel groups={[]} previousHref={null} nextHref={null} countedNewest={null} />);
    expect(screen.queryByText(/Décomptes établis/)).toBeNull();
  });
});
