import localFont from 'next/font/local';

// The two variable fonts of the site, self-hosted from the fontsource packages through next/font: the files get
// hashed names, and the body face a <link rel="preload"> in every page's head, so the browser asks for it with the
// HTML instead of after the CSS (the titles' face is not preloaded: decision 041). Only the latin subset (which
// covers French, œ, € and typographic quotes included) is served. While a font loads, text is drawn with the
// width-matched fallback faces of globals.css, one per weight range, so the swap moves nothing (decision 045).

export const sourceSans = localFont({
  src: '../../node_modules/@fontsource-variable/source-sans-3/files/source-sans-3-latin-wght-normal.woff2',
  weight: '200 900',
  style: 'normal',
  display: 'swap',
  variable: '--font-source-sans',
  // globals.css declares the fallback faces itself: next/font's name only Arial and Times New Roman, which many
  // Linux and Android systems lack.
  adjustFontFallback: false,
});

export const sourceSerif = localFont({
  src: '../../node_modules/@fontsource-variable/source-serif-4/files/source-serif-4-latin-wght-normal.woff2',
  weight: '200 900',
  style: 'normal',
  display: 'swap',
  variable: '--font-source-serif',
  // Not preloaded: on a phone the largest paint is an image or body text, and this file (50 KB, the titles' face)
  // would share the first round trips with it; the titles show in the metric-matched fallback until it comes.
  preload: false,
  adjustFontFallback: false,
});
