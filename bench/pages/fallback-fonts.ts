// How wide the fallback faces of globals.css draw French text against the web fonts they stand in for, per weight
// (decision 045). Not a timed benchmark: a measurement in Debian's Chromium, deterministic for given fonts.
//
//   node --conditions=react-server --import tsx bench/pages/fallback-fonts.ts
//
// Each text is drawn on one line (no wrapping) in the web font and in its fallback face; the ratio of the widths is
// what makes a paragraph wrap at another word when the web font arrives (1.000: the same width). Texts: the seed's
// titles and summaries (the demo corpus) and the consent notice, shown to every first visitor. With BASELINE_REF (a
// git revision) the faces of that revision's globals.css are measured too, in the same run. Results go to
// bench/results/fallback-fonts-<date>.json.
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { type Browser, chromium } from 'playwright-core';
import { CORPUS } from '../../src/server/seed/corpus';

const root = path.resolve(import.meta.dirname, '../..');
const fontFile = (pkg: string, file: string) =>
  `file://${path.join(root, 'node_modules/@fontsource-variable', pkg, 'files', file)}`;
const WEB_FONTS = {
  sans: {
    family: 'Source Sans 3 fallback',
    url: fontFile('source-sans-3', 'source-sans-3-latin-wght-normal.woff2'),
  },
  serif: {
    family: 'Source Serif 4 fallback',
    url: fontFile('source-serif-4', 'source-serif-4-latin-wght-normal.woff2'),
  },
};
const WEIGHTS = [400, 600, 700];
const NOTICE =
  'Avec votre accord, nous mesurons l’audience du site pour l’améliorer, et des plateformes tierces affichent ' +
  'leurs contenus (podcasts, graphiques, messages X…) dans nos articles ; elles peuvent alors déposer des cookies. ' +
  'Votre choix est conservé 6 mois et vous pouvez le changer à tout moment par le lien « Paramètres des cookies » ' +
  'en bas de chaque page. En savoir plus sur vos données et les cookies';

type Line = { face: string; weight: number; text: string; content: string; fallback: string };

function linesToMeasure(): Line[] {
  const corpus = Object.values(CORPUS)
    .flatMap((topic) => topic.stories.flatMap((story) => [story.title, story.summary]))
    .join(' ');
  const texts = { corpus, notice: NOTICE };
  return Object.entries(WEB_FONTS).flatMap(([face, font]) =>
    WEIGHTS.flatMap((weight) =>
      Object.entries(texts).map(([text, content]) => ({
        face,
        weight,
        text,
        content,
        fallback: font.family,
      })),
    ),
  );
}

function fallbackFacesOf(css: string): string[] {
  const faces = css.match(/@font-face\s*\{[^}]*\}/g) ?? [];
  if (faces.length === 0) throw new Error('globals.css declares no @font-face');
  return faces;
}

/** Each line's fallback width over its web font width, with these fallback faces. */
async function measure(browser: Browser, fallbackFaces: string[], label: string) {
  const lines = linesToMeasure();
  const html = `<!doctype html><meta charset="utf-8"><style>
${Object.entries(WEB_FONTS)
  .map(
    ([face, font]) =>
      `@font-face{font-family:web-${face};src:url(${font.url}) format("woff2");font-weight:200 900}`,
  )
  .join('\n')}
${fallbackFaces.join('\n')}
span{white-space:nowrap;font-size:16px}
</style>${lines
    .map(
      (line, index) =>
        `<span id="w${index}" style="font:${line.weight} 16px web-${line.face}">${line.content}</span><br>` +
        `<span id="f${index}" style='font:${line.weight} 16px "${line.fallback}"'>${line.content}</span><br>`,
    )
    .join('')}`;
  const file = path.join(root, 'test-results', `fallback-fonts-${label}.html`);
  await writeFile(file, html);
  const page = await browser.newPage();
  await page.goto(`file://${file}`);
  await page.evaluate(() => document.fonts.ready);
  const widths = new Map(
    await page.$$eval('span', (spans) =>
      spans.map((span) => [span.id, span.getBoundingClientRect().width] as const),
    ),
  );
  await page.close();
  const widthOf = (id: string) => widths.get(id) ?? Number.NaN;
  return lines.map(({ face, weight, text }, index) => ({
    face,
    weight,
    text,
    ratio: Number((widthOf(`f${index}`) / widthOf(`w${index}`)).toFixed(4)),
  }));
}

async function main(): Promise<void> {
  const branchFaces = fallbackFacesOf(await readFile(path.join(root, 'src/app/globals.css'), 'utf8'));
  const baselineRef = process.env.BASELINE_REF;
  const baselineFaces = baselineRef
    ? fallbackFacesOf(
        (await promisify(execFile)('git', ['show', `${baselineRef}:src/app/globals.css`], { cwd: root }))
          .stdout,
      )
    : null;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const branch = await measure(browser, branchFaces, 'branch');
    const baseline = baselineFaces && (await measure(browser, baselineFaces, 'baseline'));
    console.table(branch.map((row, index) => ({ ...row, baseline: baseline?.[index]?.ratio })));
    const date = new Date().toISOString().slice(0, 10);
    const command = `${baselineRef ? `BASELINE_REF=${baselineRef} ` : ''}node --conditions=react-server --import tsx bench/pages/fallback-fonts.ts`;
    const record = { date, command, branch: { fallbackFaces: branchFaces, ratios: branch } };
    const baselineRecord = baseline && { ref: baselineRef, fallbackFaces: baselineFaces, ratios: baseline };
    await writeFile(
      path.join(root, 'bench/results', `fallback-fonts-${date}.json`),
      `${JSON.stringify({ ...record, baseline: baselineRecord }, null, 2)}\n`,
    );
  } finally {
    await browser.close();
  }
}

await main();
