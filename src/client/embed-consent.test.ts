// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { uniformChoice } from '@/lib/consent';
import { readConsent, saveConsent } from './consent';
import { installEmbedConsent } from './embed-consent';
import { installEmbedActivation } from './embeds';

function placeholder(src: string, provider: string): string {
  return `<div class="embed" data-embed-src="${src}" data-embed-provider="${provider}" data-embed-title="${provider}"><p><button type="button" class="embed-activate">Afficher le contenu ${provider}</button></p></div>`;
}

const SOUNDCLOUD_1 = 'https://w.soundcloud.com/player/?url=un';
const SOUNDCLOUD_2 = 'https://w.soundcloud.com/player/?url=deux';
const AUSHA = 'https://player.ausha.co/index.html?podcastId=1';

const frames = () => [...document.querySelectorAll('iframe')].map((frame) => frame.getAttribute('src'));

let stops: (() => void)[] = [];

function install() {
  stops = [installEmbedActivation(document), installEmbedConsent(document)];
}

afterEach(() => {
  for (const stop of stops.reverse()) stop();
  stops = [];
  document.body.innerHTML = '';
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: the test resets the page's cookies.
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
});

describe('embeds and cookie consent', () => {
  it('a click records consent to that platform only, and its other embeds on the page load with it', async () => {
    document.body.innerHTML =
      placeholder(SOUNDCLOUD_1, 'SoundCloud') +
      placeholder(AUSHA, 'Ausha') +
      placeholder(SOUNDCLOUD_2, 'SoundCloud');
    install();
    expect(frames()).toEqual([]);
    expect(readConsent()).toBeNull();

    document.querySelector<HTMLButtonElement>('.embed-activate')?.click();
    // Each frame once: the clicked one is not loaded again by the consent it just recorded.
    await vi.waitFor(() => expect(frames()).toEqual([SOUNDCLOUD_1, SOUNDCLOUD_2]));
    expect(readConsent()).toEqual({ ...uniformChoice(false), soundcloud: true });
    expect(document.querySelectorAll('.embed-activate')).toHaveLength(1);
  });

  it('a platform accepted before loads at once, without a click; the others wait', async () => {
    saveConsent({ ...uniformChoice(false), ausha: true });
    document.body.innerHTML = placeholder(SOUNDCLOUD_1, 'SoundCloud') + placeholder(AUSHA, 'Ausha');
    install();
    // Both placeholders are looked at in one pass: once Ausha's frame is there, SoundCloud's would be too.
    await vi.waitFor(() => expect(frames()).toEqual([AUSHA]));
  });

  it('a choice made later on the page (the banner) loads what it accepts, and keeps the rest', async () => {
    document.body.innerHTML = placeholder(SOUNDCLOUD_1, 'SoundCloud') + placeholder(AUSHA, 'Ausha');
    install();
    saveConsent({ ...uniformChoice(false), analytics: true, ausha: true });
    // One pass over the placeholders: once Ausha's frame is there, SoundCloud's would be too had it been accepted.
    await vi.waitFor(() => expect(frames()).toEqual([AUSHA]));
    saveConsent(uniformChoice(true));
    await vi.waitFor(() => expect(frames()).toEqual([SOUNDCLOUD_1, AUSHA]));
  });
});
