import { describe, expect, it } from 'vitest';
import { serveSteps } from '../../../../tests/support/request-steps';
import { noteDatabaseFailure } from '../../db/reachability';
import { renderMetrics } from '../../observability/metrics';
import { requestLogStep, sendOneLocation } from './request-log';

/** A response's header store, as `getHeader`/`setHeader` see it. */
function headers(initial: Record<string, string | string[]>) {
  const store = new Map(Object.entries(initial));
  return {
    store,
    getHeader: (name: string) => store.get(name),
    setHeader(name: string, value: string | string[]) {
      store.set(name, value);
      return this as never;
    },
  };
}

describe('sendOneLocation', () => {
  it('sends a Location that Next.js repeated with the same value once', () => {
    const response = headers({ location: ['/archives/2026/11', '/archives/2026/11'] });
    sendOneLocation(response);
    expect(response.store.get('location')).toBe('/archives/2026/11');
  });

  it('leaves a single Location, and different values (which it must not choose between), as they are', () => {
    const single = headers({ location: '/actualite' });
    sendOneLocation(single);
    expect(single.store.get('location')).toBe('/actualite');
    const different = headers({ location: ['/a', '/b'] });
    sendOneLocation(different);
    expect(different.store.get('location')).toEqual(['/a', '/b']);
  });
});

describe('requestLogStep', () => {
  it('counts the answer in the request metrics and sends a repeated Location once', async () => {
    const served = await serveSteps([requestLogStep], (_request, response) => {
      response.setHeader('location', ['/archives/2026/11', '/archives/2026/11']);
      response.writeHead(307);
      response.end();
    });
    try {
      const answer = await fetch(`${served.base}/archives`, { redirect: 'manual' });
      expect(answer.headers.get('location')).toBe('/archives/2026/11');
      expect(await renderMetrics()).toMatch(/http_requests_total\{[^}]*status="307"[^}]*\} 1/);
    } finally {
      await served.close();
    }
  });

  it('turns a page failed while the database was unreachable into 503 with Retry-After', async () => {
    const served = await serveSteps([requestLogStep], (_request, response) => {
      noteDatabaseFailure();
      response.writeHead(500, 'Internal Server Error');
      response.end('erreur');
    });
    try {
      const answer = await fetch(`${served.base}/actualite`);
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('10');
    } finally {
      await served.close();
    }
  });
});
