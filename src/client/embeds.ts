/**
 * The browser side of the click-to-load placeholders of platform embeds (src/server/content/embeds.ts): a click on
 * a placeholder's button asks `onEmbedActivate` whether the frame may load, then puts the frame in its place.
 */

/** A platform embed waiting behind its placeholder. */
type Embed = { provider: string; src: string; title: string };

/**
 * Decides whether an embed the reader asked for may load (true by default: the click is the reader's request).
 * Cookie consent hooks in here (`setOnEmbedActivate`): it may ask, record the choice and answer.
 */
export type OnEmbedActivate = (embed: Embed) => boolean | Promise<boolean>;

let onEmbedActivate: OnEmbedActivate = () => true;

/** Replaces the activation rule (cookie consent); returns the function that restores the previous one. */
export function setOnEmbedActivate(next: OnEmbedActivate): () => void {
  const previous = onEmbedActivate;
  onEmbedActivate = next;
  return () => {
    onEmbedActivate = previous;
  };
}

/** The embed a placeholder stands for, or null when it is not one. */
function embedOf(placeholder: HTMLElement): Embed | null {
  const src = placeholder.dataset.embedSrc;
  const provider = placeholder.dataset.embedProvider;
  if (!src || !provider) return null;
  return { provider, src, title: placeholder.dataset.embedTitle ?? provider };
}

/** Placeholders whose activation is under way: a second click, or consent given meanwhile, loads nothing more. */
const activating = new WeakSet<HTMLElement>();

/** Loads the frame of a placeholder when `onEmbedActivate` allows it; true when the frame is in place. */
export async function activateEmbed(placeholder: HTMLElement): Promise<boolean> {
  const embed = embedOf(placeholder);
  if (!embed || activating.has(placeholder) || placeholder.dataset.embedActive !== undefined) return false;
  activating.add(placeholder);
  try {
    if (!(await onEmbedActivate(embed))) return false;
  } finally {
    activating.delete(placeholder);
  }
  const frame = placeholder.ownerDocument.createElement('iframe');
  frame.src = embed.src;
  frame.title = embed.title;
  frame.width = placeholder.dataset.embedWidth ?? '100%';
  frame.height = placeholder.dataset.embedHeight ?? '400';
  frame.allowFullscreen = true;
  frame.referrerPolicy = 'strict-origin-when-cross-origin';
  placeholder.replaceChildren(frame);
  placeholder.dataset.embedActive = '';
  // The reader's focus was on the button that just went away: keep it in the content.
  frame.focus();
  return true;
}

/** Listens for clicks on placeholders' buttons in the document; returns the function that stops listening. */
export function installEmbedActivation(document: Document): () => void {
  const onClick = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('.embed-activate') : null;
    const placeholder = button?.closest<HTMLElement>('[data-embed-src]');
    if (placeholder) void activateEmbed(placeholder);
  };
  document.addEventListener('click', onClick);
  return () => document.removeEventListener('click', onClick);
}
