import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveSteps } from '../../../../tests/support/request-steps';
import { livenessStep } from './liveness';

let served: Awaited<ReturnType<typeof serveSteps>>;
beforeAll(async () => {
  served = await serveSteps([livenessStep]);
});
afterAll(() => served.close());

describe('livenessStep', () => {
  it('answers the liveness probe itself, without Next.js', async () => {
    const response = await fetch(`${served.base}/api/health/live`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(served.reached).toEqual([]);
  });

  it('lets every other request, and a POST to the probe, go on', async () => {
    await fetch(`${served.base}/api/health`);
    await fetch(`${served.base}/api/health/live`, { method: 'POST' });
    expect(served.reached).toEqual(['/api/health', '/api/health/live']);
  });
});
