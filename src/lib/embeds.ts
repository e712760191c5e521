/**
 * The embed providers whose frames editorial bodies may carry (spec section 2: a podcast platform, an audio
 * platform, an infographic tool, a timeline tool, a chart tool and a short-message social network). Frames are
 * kept only over https from exactly these hosts: the sanitiser, the Content-Security-Policy's frame-src and the
 * newsroom's editor read this one list.
 */
export const EMBED_PROVIDERS = [
  { name: 'Ausha', hostname: 'player.ausha.co' },
  { name: 'SoundCloud', hostname: 'w.soundcloud.com' },
  { name: 'Infogram', hostname: 'e.infogram.com' },
  { name: 'Knight Lab Timeline', hostname: 'cdn.knightlab.com' },
  { name: 'Datawrapper', hostname: 'datawrapper.dwcdn.net' },
  { name: 'X', hostname: 'platform.twitter.com' },
] as const;

export type EmbedProvider = (typeof EMBED_PROVIDERS)[number];

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
