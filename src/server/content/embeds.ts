import 'server-only';
import { EMBED_SOURCE_ATTRIBUTE } from '@/lib/embeds';
import { EMBED_PROVIDERS } from './sanitize';

/**
 * Platform embeds (the frames of EMBED_PROVIDERS in editorial HTML) behind a click-to-load placeholder: the page
 * makes no request to the platform until the reader asks for its content, and says what loading it implies.
 * The browser side (src/client/embeds.ts) turns a placeholder into its frame, through `onEmbedActivate`, where
 * cookie consent hooks in.
 *
 * Runs on sanitised HTML (sanitizeEditorialHtml), whose frames are normalised: double-quoted attributes, an
 * https source on a provider's host, nothing inside.
 */

const FRAME = /<iframe\b([^>]*)><\/iframe>/g;
const ATTRIBUTE = /([a-z][a-z-]*)="([^"]*)"/g;

function attributesOf(tag: string): Record<string, string> {
  return Object.fromEntries([...tag.matchAll(ATTRIBUTE)].map(([, name = '', value = '']) => [name, value]));
}

/** Attribute values as the sanitiser left them: already escaped, except for the ones we compose. */
const escapeAttribute = (value: string) =>
  value
    .replace(/&(?!(?:amp|lt|gt|quot|#\d+);)/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;');

/** The placeholder of one frame: what it is, what loading it implies, a button to load it, a link to open it. */
function placeholder(attributes: Record<string, string>): string {
  const src = attributes.src ?? '';
  let hostname = '';
  try {
    hostname = new URL(src.replaceAll('&amp;', '&')).hostname;
  } catch {
    return '';
  }
  const provider = EMBED_PROVIDERS.find((candidate) => candidate.hostname === hostname);
  if (!provider) return '';
  const title = attributes.title || `Contenu ${provider.name}`;
  const size = ['width', 'height']
    .filter((name) => /^\d{1,4}$/.test(attributes[name] ?? ''))
    .map((name) => ` data-embed-${name}="${attributes[name]}"`)
    .join('');
  return (
    `<div class="embed" ${EMBED_SOURCE_ATTRIBUTE}="${escapeAttribute(src)}" data-embed-provider="${provider.name}" data-embed-title="${escapeAttribute(title)}"${size}>` +
    `<p class="embed-notice"><strong>Contenu externe : ${provider.name}</strong><br />${escapeAttribute(title)}. ` +
    `L’afficher charge le lecteur de ${provider.name}, qui reçoit votre adresse IP et peut déposer des cookies.</p>` +
    `<p class="embed-actions"><button type="button" class="embed-activate">Afficher le contenu ${provider.name}</button> ` +
    `<a href="${escapeAttribute(src)}" target="_blank" rel="noopener noreferrer">Ouvrir sur ${provider.name}<span class="visually-hidden"> (nouvelle fenêtre)</span></a></p>` +
    '</div>'
  );
}

/** Every provider frame of sanitised editorial HTML replaced by its click-to-load placeholder. */
export function placeholdEmbeds(html: string): string {
  if (!html.includes('<iframe')) return html;
  return html.replace(FRAME, (_frame, attributes: string) => placeholder(attributesOf(attributes)));
}
