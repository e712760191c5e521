/**
 * The web fonts (src/app/fonts.ts) come after the page has loaded (decision 047): until then the text is drawn in
 * the metric-matched fallback faces of globals.css (decision 045), so the fonts' 80 KB do not share a phone's link
 * with the largest paint, and their arrival moves nothing. This attribute on <html> switches the font stacks to
 * the web fonts, which the browser then fetches; without scripts, a media query in globals.css does it at once.
 */
export const WEB_FONTS_ATTRIBUTE = 'data-polices';

/**
 * The inline script of every page (root layout and the not-found page, allowed by its hash in the
 * Content-Security-Policy) that sets WEB_FONTS_ATTRIBUTE at the window's load event.
 */
export const WEB_FONTS_SCRIPT = `addEventListener('load',function(){document.documentElement.setAttribute('${WEB_FONTS_ATTRIBUTE}','')})`;
