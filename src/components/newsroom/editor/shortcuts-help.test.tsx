// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ShortcutsHelp } from './shortcuts-help';
import { useEditorShortcuts } from './use-editor-shortcuts';

afterEach(cleanup);

/** The editor page's part that matters here: a text field, a button, the shortcuts and their help. */
function EditorPage({ onSave, onPreview }: { onSave: () => void; onPreview: () => void }) {
  const [open, setOpen] = useState(false);
  useEditorShortcuts({ onSave, onPreview, onHelp: () => setOpen(true) });
  return (
    <>
      <label>
        Titre
        <input type="text" />
      </label>
      <button type="button">Enregistrer</button>
      <ShortcutsHelp open={open} onOpenChange={setOpen} />
    </>
  );
}

function renderPage() {
  const handlers = { onSave: vi.fn(), onPreview: vi.fn() };
  render(<EditorPage {...handlers} />);
  return handlers;
}

describe('the editor’s keyboard shortcuts', () => {
  test('Ctrl+S saves from a text field and stops the browser’s own save', () => {
    const { onSave, onPreview } = renderPage();
    const title = screen.getByRole('textbox', { name: 'Titre' });
    const event = new KeyboardEvent('keydown', { key: 's', ctrlKey: true, bubbles: true, cancelable: true });
    act(() => {
      title.dispatchEvent(event);
    });
    expect(onSave).toHaveBeenCalledOnce();
    expect(event.defaultPrevented).toBe(true);
    fireEvent.keyDown(title, { key: 'P', metaKey: true, shiftKey: true });
    expect(onPreview).toHaveBeenCalledOnce();
  });

  test('« ? » typed in a text field is text, not the help', () => {
    renderPage();
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Titre' }), { key: '?', shiftKey: true });
    // The help's button is there, its dialog is not.
    expect(screen.getByRole('button', { name: 'Raccourcis clavier' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('« ? » elsewhere opens the help: a dialog listing the shortcuts, closed by Échap', async () => {
    renderPage();
    const button = screen.getByRole('button', { name: 'Enregistrer' });
    button.focus();
    fireEvent.keyDown(button, { key: '?', shiftKey: true });
    const dialog = await screen.findByRole('dialog', { name: 'Raccourcis clavier' });
    expect(dialog.textContent).toContain('Enregistrer l’article');
    expect(dialog.textContent).toContain('Ouvrir l’aperçu');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  test('the visible button opens the same dialog', async () => {
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Raccourcis clavier' }));
    expect(await screen.findByRole('dialog', { name: 'Raccourcis clavier' })).toBeTruthy();
  });
});
