import { describe, expect, it } from 'vitest';
import { SEARCH_SORTS } from '@/lib/contracts/search';
import { searchKey } from './engine';
import { withoutRepeatedFragments, withoutRepeatedSentences } from './snippets';
import { UR_TYPES } from './types';

describe('snippets never repeat a sentence', () => {
  it('keeps each sentence of the source once (a summary repeated as the first paragraph)', () => {
    const summary = 'Le taux de TVA baisse au 1er janvier.';
    const text = `${summary}\n${summary} Les entreprises doivent adapter leur facturation. ${summary}`;
    expect(withoutRepeatedSentences(text)).toBe(
      'Le taux de TVA baisse au 1er janvier.\nLes entreprises doivent adapter leur facturation.',
    );
  });

  it('keeps each fragment of a headline once', () => {
    expect(withoutRepeatedFragments('le \uE000taux\uE001 baisse … le \uE000taux\uE001 baisse')).toBe(
      'le \uE000taux\uE001 baisse',
    );
  });
});

describe('shared answers', () => {
  const params = {
    term: 'Impôt  sur les SOCIÉTÉS',
    page: 1,
    urType: UR_TYPES.all,
    selected: { matiere: ['Social', 'Fiscal'], date_zapette: ['2024'] },
    sort: SEARCH_SORTS.relevance,
  };

  it('share one key for the same normalised search, whatever the case, accents, spaces and facet order', () => {
    const same = {
      ...params,
      term: 'impot sur les societes'.replace(' ', '  '),
      selected: { date_zapette: ['2024'], matiere: ['Fiscal', 'Social'] },
    };
    expect(searchKey({ ...same, term: same.term.replace(/\s+/g, ' ') }, false)).toBe(
      searchKey({ ...params, term: params.term.replace(/\s+/g, ' ') }, false),
    );
  });

  it('never share an answer between access classes, orders or pages', () => {
    const base = searchKey(params, false);
    expect(searchKey(params, true)).not.toBe(base);
    expect(searchKey({ ...params, sort: SEARCH_SORTS.date }, false)).not.toBe(base);
    expect(searchKey({ ...params, page: 2 }, false)).not.toBe(base);
  });
});
