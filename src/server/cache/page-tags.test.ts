import { describe, expect, it } from 'vitest';
import { EVERYTHING } from '../content/cache-tags';
import {
  markFullyRefreshed,
  needsFullRefresh,
  noteUntaggedPage,
  pathsTouchedBy,
  renderedPageTags,
  tagRenderedPage,
} from './page-tags';

describe('the tags of rendered pages', () => {
  it('knows the paths a change touches, an untagged page for every change', () => {
    tagRenderedPage('/actualite/social', ['list:news', 'topic:social']);
    tagRenderedPage('/actualite/impots_F1', ['article:F1', 'topic:fiscal']);
    noteUntaggedPage('/archives');
    // A page that recorded its tags keeps them.
    noteUntaggedPage('/actualite/social');
    expect(renderedPageTags('/archives')).toEqual([EVERYTHING]);
    expect(pathsTouchedBy(['topic:social']).sort()).toEqual(['/actualite/social', '/archives']);
    expect(pathsTouchedBy(['article:F1']).sort()).toEqual(['/actualite/impots_F1', '/archives']);
  });

  it('gives an untagged article page the tags of the article its path names', () => {
    noteUntaggedPage('/actualite/bareme-kilometrique_F7');
    noteUntaggedPage('/chiffres-taux/smic-2026_R3');
    noteUntaggedPage('/actualite/fiscal/tva');
    expect(pathsTouchedBy(['article:F7'])).toContain('/actualite/bareme-kilometrique_F7');
    expect(pathsTouchedBy(['article:R3'])).toContain('/chiffres-taux/smic-2026_R3');
    expect(pathsTouchedBy(['topic:social'])).not.toContain('/actualite/bareme-kilometrique_F7');
    expect(pathsTouchedBy(['topic:social'])).toContain('/actualite/fiscal/tva');
  });

  it('asks for a full refresh until one was done (pages rendered before the start are unknown)', () => {
    expect(needsFullRefresh()).toBe(true);
    markFullyRefreshed();
    expect(needsFullRefresh()).toBe(false);
  });
});
