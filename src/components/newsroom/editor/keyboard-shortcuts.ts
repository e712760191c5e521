/** The article editor's keyboard shortcuts: which key does what, and the list its help dialog shows. */

export type EditorShortcut = 'save' | 'link' | 'preview' | 'help';

/** The keys a shortcut reads (a KeyboardEvent has them all). */
export type ShortcutKeys = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>;

/** The shortcuts as the help dialog lists them, in French. */
export const EDITOR_SHORTCUTS: readonly { shortcut: EditorShortcut; keys: string[]; label: string }[] = [
  { shortcut: 'save', keys: ['Ctrl', 'S'], label: 'Enregistrer l’article' },
  { shortcut: 'link', keys: ['Ctrl', 'K'], label: 'Insérer un lien (dans le corps du texte)' },
  { shortcut: 'preview', keys: ['Ctrl', 'Maj', 'P'], label: 'Ouvrir l’aperçu' },
  { shortcut: 'help', keys: ['?'], label: 'Afficher cette aide (hors d’un champ de saisie)' },
];

/**
 * The shortcut of a key press, or null. Ctrl and Cmd (⌘, macOS) are the same modifier; `?` counts only outside a
 * text field, where it is a character the author types.
 */
export function editorShortcutOf(keys: ShortcutKeys, inTextField: boolean): EditorShortcut | null {
  const key = keys.key.toLowerCase();
  const command = (keys.ctrlKey || keys.metaKey) && !keys.altKey;
  if (command && !keys.shiftKey && key === 's') return 'save';
  if (command && !keys.shiftKey && key === 'k') return 'link';
  if (command && keys.shiftKey && key === 'p') return 'preview';
  if (keys.key === '?' && !keys.ctrlKey && !keys.metaKey && !keys.altKey && !inTextField) return 'help';
  return null;
}

/** Input types where `?` is typed rather than a shortcut. */
const NON_TEXT_INPUTS = new Set([
  'button',
  'checkbox',
  'radio',
  'submit',
  'reset',
  'file',
  'image',
  'range',
  'color',
]);

/** True when the element takes typed text: a text input, a text area, a select's search, the rich-text body. */
export function isTextField(element: Element | null): boolean {
  if (!element) return false;
  if (element instanceof HTMLInputElement) return !NON_TEXT_INPUTS.has(element.type);
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return true;
  return element.closest('[contenteditable]:not([contenteditable="false"])') !== null;
}
