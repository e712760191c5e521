// Ad hoc screenshots (not committed): BASE=http://localhost:3500 node --import tsx scripts/_shots.ts name=path ...
import { chromium } from 'playwright-core';

const base = process.env.BASE ?? 'http://localhost:3500';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const errors: string[] = [];
for (const arg of process.argv.slice(2)) {
  const name = arg.slice(0, arg.indexOf('='));
  const path = arg.slice(arg.indexOf('=') + 1);
  for (const [suffix, width, height] of [
    ['desktop', 1280, 900],
    ['mobile', 390, 844],
  ] as const) {
    const page = await browser.newPage({
      viewport: { width, height },
      isMobile: suffix === 'mobile',
      locale: 'fr-FR',
    });
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`${name} ${suffix}: ${m.text()}`);
    });
    if (process.env.BLOCK_MEDIA) await page.route(/\/media\/|_next\/image/, (route) => route.abort());
    await page.goto(`${base}${path}`, { waitUntil: 'load' });
    await page.waitForTimeout(Number(process.env.WAIT ?? 800));
    await page.screenshot({ path: `/tmp/shots/${name}-${suffix}.png`, fullPage: process.env.FULL !== '0' });
    await page.close();
  }
}
console.log(errors.join('\n') || 'no console errors');
await browser.close();
