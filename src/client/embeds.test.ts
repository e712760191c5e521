// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateEmbed, installEmbedActivation, setOnEmbedActivate } from './embeds';

const PLACEHOLDER = `<div class="embed" data-embed-src="https://w.soundcloud.com/player/?url=x&amp;a=1" data-embed-provider="SoundCloud" data-embed-title="Épisode" data-embed-height="166"><p><button type="button" class="embed-activate">Afficher le contenu SoundCloud</button></p></div>`;

afterEach(() => {
  document.body.innerHTML = '';
});

describe('click-to-load embeds', () => {
  it('loads the frame only when the reader clicks the button', async () => {
    document.body.innerHTML = PLACEHOLDER;
    const stop = installEmbedActivation(document);
    expect(document.querySelector('iframe')).toBeNull();
    document.querySelector<HTMLButtonElement>('.embed-activate')?.click();
    const frame = await vi.waitFor(() => {
      const loaded = document.querySelector('iframe');
      if (!loaded) throw new Error('no frame yet');
      return loaded;
    });
    expect(frame?.getAttribute('src')).toBe('https://w.soundcloud.com/player/?url=x&a=1');
    expect(frame?.title).toBe('Épisode');
    expect(frame?.getAttribute('height')).toBe('166');
    expect(document.querySelector('.embed-activate')).toBeNull();
    stop();
  });

  it('asks onEmbedActivate first (cookie consent hooks in there): a refusal keeps the placeholder', async () => {
    document.body.innerHTML = PLACEHOLDER;
    const asked: string[] = [];
    const restore = setOnEmbedActivate(async (embed) => {
      asked.push(embed.provider);
      return false;
    });
    // The activation a click starts, awaited to its answer: refused.
    const placeholder = document.querySelector<HTMLElement>('[data-embed-src]');
    if (!placeholder) throw new Error('no placeholder');
    expect(await activateEmbed(placeholder)).toBe(false);
    expect(asked).toEqual(['SoundCloud']);
    expect(document.querySelector('iframe')).toBeNull();
    expect(document.querySelector('.embed-activate')).not.toBeNull();
    restore();
  });
});
