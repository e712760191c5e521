import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const base = 'http://localhost:3500';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const p of process.argv.slice(2)) {
  const page = await browser.newPage({ viewport: { width: 412, height: 823 }, isMobile: true });
  const seen: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') seen.push(new URL(r.url()).pathname);
  });
  await page.goto(base + p, { waitUntil: 'load' });
  await page.waitForTimeout(2000);
  console.log('==', p);
  for (const s of seen) {
    const body = Buffer.from(await (await fetch(base + s)).arrayBuffer());
    const text = body.toString();
    const tags = [
      'embla',
      'radix',
      'news-list',
      'Plus d',
      'calendrier',
      'agenda',
      'useSearchParams',
      'listing',
      'trade',
      'carousel',
      'Carrousel',
      'ImageFallback',
      'data-fallback',
      'zod',
      'Sommaire',
    ].filter((t) => text.includes(t));
    console.log(s, gzipSync(body, { level: 9 }).length, tags.join(','));
  }
  await page.close();
}
await browser.close();
