import { beforeEach, describe, expect, it } from 'vitest';
import {
  get,
  ISR_HEADERS,
  servePageCacheBeforeStandIn,
  stand,
} from '../../../tests/support/page-cache-stand-in';
import { pageCacheStats } from './page-cache-store';

servePageCacheBeforeStandIn();

describe('no entry for query values a page does not use', () => {
  const RENDERED = "script-src 'self' 'nonce-QUJDREVGR0hJSktMTU5PUA=='";
  beforeEach(() => {
    stand.upstream = {
      status: 200,
      headers: { ...ISR_HEADERS, 'cache-control': 'private, no-store', 'content-security-policy': RENDERED },
      body: '<script nonce="QUJDREVGR0hJSktMTU5PUA=="></script>',
    };
  });

  it.each([
    ['an unknown parameter', '/search?term=tva&utm_source=x'],
    ['an invalid page', '/search?term=tva&page=abc'],
    ['a page out of range', '/search?term=tva&page=0'],
    ['an unknown collection', '/search?term=tva&urType=zz123'],
    ['facets that are not a selection', '/search?term=tva&zapette=zz123'],
    ['a repeated parameter', '/search?term=tva&term=tvb'],
    ['a term longer than a search reads', `/search?term=${'a'.repeat(201)}`],
    ['an invalid agenda month', '/agenda?date=zz123'],
    ['an unknown agenda parameter', '/agenda?mois=2026-12'],
  ])('keeps no page rendered per request for %s', async (_name, url) => {
    await get(url);
    await get(url);
    expect(stand.reached).toHaveLength(2);
    expect(pageCacheStats().entries).toBe(0);
  });

  it('keeps pages rendered per request whose parameters the page reads, with values it accepts', async () => {
    for (const url of [
      '/search?term=tva&page=2&urType=tous',
      '/search?terme=imp%C3%B4t',
      '/agenda?date=12-2026&page=1',
      '/agenda?date=2026-12',
    ]) {
      await get(url);
      await get(url);
    }
    expect(stand.reached).toHaveLength(4);
  });

  it('keys an API read by what the route reads: unknown parameters share its entry, refused queries get none', async () => {
    stand.upstream = { status: 200, headers: { 'content-type': 'application/json' }, body: '{"news":[]}' };
    await get('/api/article/summary?limit=20');
    await get('/api/article/summary?limit=20&zz=1');
    await get('/api/article/summary?zz=2&limit=20');
    await get('/api/issue?random=zz123');
    await get('/api/issue');
    await get('/api/search/suggest?term=tva&x=1');
    await get('/api/search/suggest?term=tva');
    await get('/api/article/single?newsId=A1&x=1');
    await get('/api/article/single?newsId=A1');
    expect(stand.reached.map((request) => request.url)).toEqual([
      '/api/article/summary?limit=20',
      '/api/issue?random=zz123',
      '/api/search/suggest?term=tva&x=1',
      '/api/article/single?newsId=A1&x=1',
    ]);
    await get('/api/article/summary?limit=abc');
    await get('/api/article/summary?limit=abc');
    await get('/api/article/single?newsId=%3Cscript%3E');
    await get('/api/article/single?newsId=%3Cscript%3E');
    expect(stand.reached).toHaveLength(8);
  });
});
