// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { WEB_FONTS_ATTRIBUTE, WEB_FONTS_SCRIPT } from './web-fonts';

describe('WEB_FONTS_SCRIPT', () => {
  afterEach(() => document.documentElement.removeAttribute(WEB_FONTS_ATTRIBUTE));

  it('asks for the web fonts at the load event, not before', () => {
    new Function(WEB_FONTS_SCRIPT)();
    expect(document.documentElement.hasAttribute(WEB_FONTS_ATTRIBUTE)).toBe(false);
    window.dispatchEvent(new Event('load'));
    expect(document.documentElement.hasAttribute(WEB_FONTS_ATTRIBUTE)).toBe(true);
  });
});
