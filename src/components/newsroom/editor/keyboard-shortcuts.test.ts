// @vitest-environment happy-dom
import { describe, expect, test } from 'vitest';
import { EDITOR_SHORTCUTS, editorShortcutOf, isTextField } from './keyboard-shortcuts';

const press = (
  key: string,
  modifiers: { ctrl?: boolean; meta?: boolean; shift?: boolean; alt?: boolean } = {},
) => ({
  key,
  ctrlKey: modifiers.ctrl ?? false,
  metaKey: modifiers.meta ?? false,
  shiftKey: modifiers.shift ?? false,
  altKey: modifiers.alt ?? false,
});

describe('editorShortcutOf', () => {
  test('Ctrl or Cmd with S saves, with K inserts a link, with Shift and P opens the preview', () => {
    expect(editorShortcutOf(press('s', { ctrl: true }), true)).toBe('save');
    expect(editorShortcutOf(press('s', { meta: true }), false)).toBe('save');
    expect(editorShortcutOf(press('k', { ctrl: true }), true)).toBe('link');
    expect(editorShortcutOf(press('K', { meta: true }), true)).toBe('link');
    expect(editorShortcutOf(press('P', { ctrl: true, shift: true }), true)).toBe('preview');
    expect(editorShortcutOf(press('p', { meta: true, shift: true }), false)).toBe('preview');
  });

  test('leaves other combinations to the browser and the text', () => {
    expect(editorShortcutOf(press('s'), false)).toBeNull();
    expect(editorShortcutOf(press('S', { ctrl: true, shift: true }), false)).toBeNull();
    expect(editorShortcutOf(press('s', { ctrl: true, alt: true }), false)).toBeNull(); // AltGr on Windows
    expect(editorShortcutOf(press('p', { ctrl: true }), false)).toBeNull(); // printing stays the browser's
  });

  test('« ? » opens the help only outside a text field, where it is a character', () => {
    expect(editorShortcutOf(press('?', { shift: true }), false)).toBe('help');
    expect(editorShortcutOf(press('?', { shift: true }), true)).toBeNull();
  });

  test('every shortcut is listed once in the help, in French', () => {
    expect(EDITOR_SHORTCUTS.map((item) => item.shortcut).sort()).toEqual(['help', 'link', 'preview', 'save']);
    expect(EDITOR_SHORTCUTS.find((item) => item.shortcut === 'preview')?.keys).toEqual(['Ctrl', 'Maj', 'P']);
  });
});

describe('isTextField', () => {
  test('text inputs, text areas, selects and editable text take typed characters; buttons and boxes do not', () => {
    document.body.innerHTML = `
      <input id="title" type="text"><input id="date" type="datetime-local"><input id="box" type="checkbox">
      <textarea id="summary"></textarea><select id="type"><option>a</option></select><button id="save">x</button>
      <div contenteditable="true"><p id="body">texte</p></div><div contenteditable="false"><p id="frozen">x</p></div>`;
    const byId = (id: string) => document.getElementById(id);
    expect(['title', 'date', 'summary', 'type', 'body'].map((id) => isTextField(byId(id)))).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['box', 'save', 'frozen'].map((id) => isTextField(byId(id)))).toEqual([false, false, false]);
    expect(isTextField(null)).toBe(false);
  });
});
