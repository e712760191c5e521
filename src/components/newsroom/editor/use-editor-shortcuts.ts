'use client';

import { useEffect, useRef } from 'react';
import { editorShortcutOf, isTextField } from './keyboard-shortcuts';

type Handlers = { onSave: () => void; onPreview: () => void; onHelp: () => void };

/**
 * The editor page's shortcuts (Ctrl/Cmd+S, Ctrl/Cmd+Shift+P, `?`), wherever the focus is on the page. Ctrl/Cmd+K
 * belongs to the rich-text body, which opens its link panel. The browser's own action (saving the page, printing)
 * is prevented.
 */
export function useEditorShortcuts(handlers: Handlers) {
  const current = useRef(handlers);
  current.current = handlers;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      const shortcut = editorShortcutOf(event, isTextField(target));
      if (shortcut === 'save') current.current.onSave();
      else if (shortcut === 'preview') current.current.onPreview();
      else if (shortcut === 'help') current.current.onHelp();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
