import { WEB_FONTS_SCRIPT } from '@/lib/web-fonts';

/**
 * Asks for the web fonts once the page has loaded (src/lib/web-fonts.ts, decision 047). Server-rendered only: it
 * sits in the document's frame, which the browser never renders again.
 */
export function WebFontsScript() {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of ours, allowed by its hash in the CSP.
  return <script dangerouslySetInnerHTML={{ __html: WEB_FONTS_SCRIPT }} />;
}
