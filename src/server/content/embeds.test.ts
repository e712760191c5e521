import { describe, expect, it } from 'vitest';
import { placeholdEmbeds } from './embeds';
import { sanitizeEditorialHtml } from './sanitize';

const frame = (src: string, title = 'Épisode 12 : la TVA & vous') =>
  sanitizeEditorialHtml(
    `<p>Avant</p><iframe src="${src}" width="100%" height="220" title="${title}"></iframe><p>Après</p>`,
  );

describe('placeholdEmbeds', () => {
  it('puts every provider frame behind a placeholder: no frame, no request to the platform in the page', () => {
    const html = placeholdEmbeds(frame('https://player.ausha.co/index.html?showId=a&podcastId=b'));
    expect(html).not.toContain('<iframe');
    expect(html).toContain('<p>Avant</p>');
    expect(html).toContain('<p>Après</p>');
    expect(html).toContain('data-embed-src="https://player.ausha.co/index.html?showId=a&amp;podcastId=b"');
    expect(html).toContain('data-embed-provider="Ausha"');
    expect(html).toContain('data-embed-height="220"');
    expect(html).toContain('<button type="button" class="embed-activate">Afficher le contenu Ausha</button>');
    expect(html).toContain('Épisode 12 : la TVA &amp; vous');
    expect(html).toContain('target="_blank" rel="noopener noreferrer"');
  });

  it('knows the six platforms the spec names', () => {
    for (const [src, name] of [
      ['https://player.ausha.co/index.html?podcastId=1', 'Ausha'],
      ['https://w.soundcloud.com/player/?url=x', 'SoundCloud'],
      ['https://e.infogram.com/abc?src=embed', 'Infogram'],
      ['https://cdn.knightlab.com/libs/timeline3/latest/embed/index.html', 'Knight Lab Timeline'],
      ['https://datawrapper.dwcdn.net/Q1/1/', 'Datawrapper'],
      ['https://platform.twitter.com/embed/Tweet.html?id=1', 'X'],
    ]) {
      expect(placeholdEmbeds(frame(src ?? ''))).toContain(`data-embed-provider="${name}"`);
    }
  });

  it('leaves HTML without frames as it is, and a frame of another host never survives the sanitiser', () => {
    expect(placeholdEmbeds('<p>Texte</p>')).toBe('<p>Texte</p>');
    expect(placeholdEmbeds(frame('https://evil.example/player'))).toBe('<p>Avant</p><p>Après</p>');
  });
});

describe('self-hosted media in editorial HTML', () => {
  it('keeps our video and audio players with captions and transcript, and drops sources of other hosts', () => {
    const html = sanitizeEditorialHtml(
      '<video controls preload="none" poster="https://evil.example/p.webp" onplay="x()"><source src="/media/videos/a.webm" type="video/webm"><source src="https://evil.example/a.mp4"><track kind="captions" src="/media/videos/a.fr.vtt" srclang="fr" label="Français" default></video>' +
        '<audio controls><source src="//evil.example/a.mp3"><source src="/media/audio/a.ogg" type="audio/ogg"></audio><details><summary>Transcription</summary><p>Bonjour.</p></details>',
    );
    expect(html).toBe(
      '<video controls preload="none"><source src="/media/videos/a.webm" type="video/webm" /><track kind="captions" src="/media/videos/a.fr.vtt" srclang="fr" label="Français" default /></video>' +
        '<audio controls><source src="/media/audio/a.ogg" type="audio/ogg" /></audio><details><summary>Transcription</summary><p>Bonjour.</p></details>',
    );
  });
});
