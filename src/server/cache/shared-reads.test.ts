import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ISSUE_CHANGE,
  SHOP_CHANGE,
  tagsOfArticleChange,
  tagsOfArticleWithdrawal,
} from '../content/cache-tags';
import {
  enableSharedReads,
  purgeSharedReads,
  SHARED_READ_MAX_ENTRIES,
  SHARED_READ_SECONDS,
  sharedRead,
  sharedReadStats,
} from './shared-reads';

/** A load that counts its calls and answers a fresh object each time. */
function counting() {
  let calls = 0;
  return {
    calls: () => calls,
    load: async () => {
      calls += 1;
      return { call: calls };
    },
  };
}

const NOW = 1_800_000_000_000;

describe('shared reads', () => {
  beforeEach(() => {
    enableSharedReads();
    purgeSharedReads();
  });
  afterEach(() => purgeSharedReads());

  it('computes a key once for every caller within its life, concurrent callers included', async () => {
    const source = counting();
    const [a, b] = await Promise.all([
      sharedRead('list', 'k', source.load, NOW),
      sharedRead('list', 'k', source.load, NOW + 10),
    ]);
    const c = await sharedRead('list', 'k', source.load, NOW + SHARED_READ_SECONDS * 1000 - 1);
    expect(source.calls()).toBe(1);
    expect(a).toBe(b);
    expect(c).toBe(a);
  });

  it('computes again once the value is older than its life', async () => {
    const source = counting();
    await sharedRead('list', 'k', source.load, NOW);
    const later = await sharedRead('list', 'k', source.load, NOW + SHARED_READ_SECONDS * 1000);
    expect(source.calls()).toBe(2);
    expect(later).toEqual({ call: 2 });
  });

  it('keeps keys and namespaces apart', async () => {
    const source = counting();
    await sharedRead('list', 'a', source.load, NOW);
    await sharedRead('list', 'b', source.load, NOW);
    await sharedRead('issue', 'a', source.load, NOW);
    expect(source.calls()).toBe(3);
  });

  it('does not keep a failure: the next caller asks the database again', async () => {
    let calls = 0;
    const failing = async () => {
      calls += 1;
      if (calls === 1) throw new Error('base injoignable');
      return 'ok';
    };
    await expect(sharedRead('list', 'k', failing, NOW)).rejects.toThrow('base injoignable');
    await expect(sharedRead('list', 'k', failing, NOW + 1)).resolves.toBe('ok');
  });

  it('forgets everything on purge', async () => {
    const source = counting();
    await sharedRead('list', 'k', source.load, NOW);
    purgeSharedReads();
    await sharedRead('list', 'k', source.load, NOW);
    expect(source.calls()).toBe(2);
  });

  it('drops expired keys as new ones come, so keys asked once do not pile up', async () => {
    const source = counting();
    for (let index = 0; index < 10; index += 1) await sharedRead('list', `once-${index}`, source.load, NOW);
    await sharedRead('list', 'later', source.load, NOW + SHARED_READ_SECONDS * 1000);
    expect(sharedReadStats().entries).toBe(1);
  });

  it('keeps at most its bound of keys, dropping the least recently used', async () => {
    const source = counting();
    for (let index = 0; index <= SHARED_READ_MAX_ENTRIES; index += 1) {
      await sharedRead('list', String(index), source.load, NOW);
    }
    expect(sharedReadStats().entries).toBe(SHARED_READ_MAX_ENTRIES);
    await sharedRead('list', String(SHARED_READ_MAX_ENTRIES), source.load, NOW);
    expect(source.calls()).toBe(SHARED_READ_MAX_ENTRIES + 1);
    await sharedRead('list', '0', source.load, NOW);
    expect(source.calls()).toBe(SHARED_READ_MAX_ENTRIES + 2);
  });

  it('a change drops the reads carrying one of its tags, and those of unknown tags', async () => {
    const issue = counting();
    const summary = counting();
    const untagged = counting();
    const askAll = () =>
      Promise.all([
        sharedRead('issue', '', issue.load, NOW),
        sharedRead('summary', 'k', summary.load, NOW),
        sharedRead('unnamed', 'k', untagged.load, NOW),
      ]);
    await askAll();
    purgeSharedReads(['issue', 'home']);
    await askAll();
    expect([issue.calls(), summary.calls(), untagged.calls()]).toEqual([2, 1, 2]);
  });

  it('a search and a suggestion list are read again after a publication or a withdrawal, not after other changes', async () => {
    const search = counting();
    const suggest = counting();
    const askBoth = () =>
      Promise.all([
        sharedRead('search', 'tva', search.load, NOW),
        sharedRead('suggest', 'tva', suggest.load, NOW),
      ]);
    await askBoth();
    const publication = tagsOfArticleChange({
      id: 'S1',
      type: 'actualite',
      topicSlugs: ['social'],
      trades: [],
      publicationDate: new Date(NOW),
    });
    purgeSharedReads(publication);
    await askBoth();
    expect([search.calls(), suggest.calls()]).toEqual([2, 2]);
    purgeSharedReads(SHOP_CHANGE);
    purgeSharedReads(ISSUE_CHANGE);
    await askBoth();
    expect([search.calls(), suggest.calls()]).toEqual([2, 2]);
    purgeSharedReads(tagsOfArticleWithdrawal(publication));
    await askBoth();
    expect([search.calls(), suggest.calls()]).toEqual([3, 3]);
  });
});
