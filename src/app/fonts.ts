import localFont from 'next/font/local';

// The two variable fonts of the site, self-hosted from the fontsource packages through next/font: the files get
// hashed names. Only the latin subset (which covers French, œ, € and typographic quotes included) is served.
// Neither is preloaded nor used before the page's load event (globals.css, src/lib/web-fonts.ts; decision 047,
// which replaces the body face's preload of decision 041): on a phone their 80 KB shared the link with the
// largest paint. Until they come, text is drawn with the width-matched fallback faces of globals.css, one per
// weight range, so the swap moves nothing (decision 045).

export const sourceSans = localFont({
  src: '../../node_modules/@fontsource-variable/source-sans-3/files/source-sans-3-latin-wght-normal.woff2',
  weight: '200 900',
  style: 'normal',
  display: 'swap',
  variable: '--font-source-sans',
  preload: false,
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
  preload: false,
  adjustFontFallback: false,
});
