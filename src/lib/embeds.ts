/**
 * The embed providers whose frames editorial bodies may carry (spec section 2: a podcast platform, an audio
 * platform, an infographic tool, a timeline tool, a chart tool and a short-message social network). Frames are
 * kept only over https from exactly these hosts: the sanitiser, the Content-Security-Policy's frame-src, the
 * newsroom's editor and the cookie consent (`id` is the consent purpose, `content` what the banner says the
 * platform shows) read this one list.
 */
export const EMBED_PROVIDERS = [
  { id: 'ausha', name: 'Ausha', hostname: 'player.ausha.co', content: 'podcasts' },
  { id: 'soundcloud', name: 'SoundCloud', hostname: 'w.soundcloud.com', content: 'contenus audio' },
  { id: 'infogram', name: 'Infogram', hostname: 'e.infogram.com', content: 'infographies' },
  {
    id: 'knightlab',
    name: 'Knight Lab Timeline',
    hostname: 'cdn.knightlab.com',
    content: 'frises chronologiques',
  },
  { id: 'datawrapper', name: 'Datawrapper', hostname: 'datawrapper.dwcdn.net', content: 'graphiques' },
  { id: 'x', name: 'X', hostname: 'platform.twitter.com', content: 'messages publiés sur X' },
] as const;

export type EmbedProvider = (typeof EMBED_PROVIDERS)[number];
export type EmbedProviderId = EmbedProvider['id'];

/** The provider of an https frame address, or null when the address is not one the site may embed. */
export function embedProviderOf(address: string): EmbedProvider | null {
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return null;
  return EMBED_PROVIDERS.find((provider) => provider.hostname === url.hostname) ?? null;
}

/** The attribute naming a click-to-load placeholder's frame source (src/server/content/embeds.ts writes it). */
export const EMBED_SOURCE_ATTRIBUTE = 'data-embed-src';
