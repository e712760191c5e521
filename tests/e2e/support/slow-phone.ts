import type { Page } from '@playwright/test';
import { HYDRATED_EVENT } from '@/lib/hydration';

/**
 * A phone as readers' checks found the reader site: the CPU four times slower (CDP `Emulation.setCPUThrottlingRate`)
 * and, for `network`, Lighthouse's mobile link (150 ms, 1.6 Mbps down, 750 kbps up). Use with `MOBILE`, `hasTouch`
 * and `isMobile` in `test.use`.
 */
export async function slowPhone(page: Page, { network = false } = {}): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  if (!network) return;
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
}

/**
 * Holds the framework's scripts of the pages until `release()`: what a reader does meanwhile happens before
 * hydration, whatever the machine's speed. `hydrated()` tells whether React has hydrated the frame since.
 */
export async function holdScripts(
  page: Page,
): Promise<{ release: () => void; hydrated: () => Promise<boolean> }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.addInitScript((event) => {
    addEventListener(event, () => document.documentElement.setAttribute('data-test-hydrated', ''));
  }, HYDRATED_EVENT);
  await page.route(/\/_next\/static\/chunks\/.*\.js/, async (route) => {
    await released;
    await route.continue();
  });
  return {
    release,
    hydrated: () => page.evaluate(() => document.documentElement.hasAttribute('data-test-hydrated')),
  };
}
