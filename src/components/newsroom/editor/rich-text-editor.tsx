'use client';

import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import { useId, useState } from 'react';
import { FigurePanel } from '../media/figure-panel';
import styles from '../newsroom.module.css';
import { cleanPastedHtml } from './clean-pasted-html';
import { editorExtensions } from './extensions';
import { editorShortcutOf } from './keyboard-shortcuts';
import { EmbedPanel, InternalLinkPanel, LinkPanel, type LinkTarget } from './toolbar-panels';

export type RichTextEditorProps = {
  label: string;
  /** The HTML the editor starts from (read once: the editor owns the text afterwards). */
  initialHtml: string;
  onChange: (html: string) => void;
  /** Articles matching a text, for the internal-link picker. */
  searchArticles: (text: string) => Promise<LinkTarget[]>;
  /** Shown but not editable (an article the role may not change). */
  readOnly?: boolean;
};

/** The editor's HTML with an empty document as an empty string. */
function editorHtml(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML();
}

type Panel = 'link' | 'internal' | 'embed' | 'image' | null;

const IDLE_TOOLBAR = {
  h2: false,
  h3: false,
  bold: false,
  italic: false,
  bulletList: false,
  orderedList: false,
  blockquote: false,
  link: false,
  table: false,
  canUndo: false,
  canRedo: false,
};

/**
 * The rich-text body of an article or a section (Tiptap over ProseMirror, decision 012-rich-text-editor): headings
 * from h2, lists, links (outside, and internal `flash:id:` links picked among the articles), quotes, tables and
 * frames of the spec's embed platforms. Its HTML is what the site's sanitiser keeps; pasted word-processor HTML
 * is cleaned first.
 */
export default function RichTextEditor({
  label,
  initialHtml,
  onChange,
  searchArticles,
  readOnly = false,
}: RichTextEditorProps) {
  const labelId = useId();
  const [panel, setPanel] = useState<Panel>(null);
  const editor = useEditor({
    immediatelyRender: false,
    editable: !readOnly,
    extensions: editorExtensions(),
    content: initialHtml,
    editorProps: {
      attributes: {
        class: styles.editorBody ?? '',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
      },
      transformPastedHTML: (html) => cleanPastedHtml(html),
      // Ctrl/Cmd+K opens the link panel, as the toolbar's « Lien » does.
      handleKeyDown: (_view, event) => {
        if (readOnly || editorShortcutOf(event, true) !== 'link') return false;
        setPanel('link');
        return true;
      },
    },
    onUpdate: ({ editor: current }) => onChange(editorHtml(current)),
  });

  // Tiptap's state store only reads the editor again at its first transaction: until then, nothing is active.
  const state =
    useEditorState({
      editor,
      selector: ({ editor: current }) =>
        current
          ? {
              h2: current.isActive('heading', { level: 2 }),
              h3: current.isActive('heading', { level: 3 }),
              bold: current.isActive('bold'),
              italic: current.isActive('italic'),
              bulletList: current.isActive('bulletList'),
              orderedList: current.isActive('orderedList'),
              blockquote: current.isActive('blockquote'),
              link: current.isActive('link'),
              table: current.isActive('table'),
              canUndo: current.can().undo(),
              canRedo: current.can().redo(),
            }
          : null,
    }) ?? IDLE_TOOLBAR;

  if (!editor) return <p className="loading">Chargement de l’éditeur...</p>;

  const chain = () => editor.chain().focus();
  const toggle = (name: Exclude<Panel, null>) => setPanel((open) => (open === name ? null : name));

  return (
    <div className={styles.editor}>
      <p id={labelId} className={styles.label}>
        {label}
      </p>
      <div role="toolbar" aria-label={`Mise en forme : ${label}`} className={styles.toolbar}>
        <ToolButton
          label="Intertitre"
          pressed={state.h2}
          onClick={() => chain().toggleHeading({ level: 2 }).run()}
          symbol="T2"
        />
        <ToolButton
          label="Sous-intertitre"
          pressed={state.h3}
          onClick={() => chain().toggleHeading({ level: 3 }).run()}
          symbol="T3"
        />
        <ToolButton
          label="Gras"
          pressed={state.bold}
          onClick={() => chain().toggleBold().run()}
          symbol={<strong>G</strong>}
        />
        <ToolButton
          label="Italique"
          pressed={state.italic}
          onClick={() => chain().toggleItalic().run()}
          symbol={<em>I</em>}
        />
        <ToolButton
          label="Liste à puces"
          pressed={state.bulletList}
          onClick={() => chain().toggleBulletList().run()}
          symbol="•"
        />
        <ToolButton
          label="Liste numérotée"
          pressed={state.orderedList}
          onClick={() => chain().toggleOrderedList().run()}
          symbol="1."
        />
        <ToolButton
          label="Citation"
          pressed={state.blockquote}
          onClick={() => chain().toggleBlockquote().run()}
          symbol="«»"
        />
        <ToolButton label="Lien" pressed={state.link || panel === 'link'} onClick={() => toggle('link')} />
        <ToolButton
          label="Lien interne"
          description="Lien vers un article de la rédaction"
          pressed={panel === 'internal'}
          onClick={() => toggle('internal')}
        />
        <ToolButton
          label="Tableau"
          description="Insérer un tableau de 3 lignes et 3 colonnes"
          onClick={() => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}
        />
        <ToolButton
          label="Intégration"
          description="Intégrer un contenu externe (podcast, graphique…)"
          pressed={panel === 'embed'}
          onClick={() => toggle('embed')}
        />
        <ToolButton
          label="Image"
          description="Insérer une image de la médiathèque, avec son texte alternatif et sa légende"
          pressed={panel === 'image'}
          onClick={() => toggle('image')}
        />
        <ToolButton
          label="Annuler"
          disabled={!state.canUndo}
          onClick={() => chain().undo().run()}
          symbol="↶"
        />
        <ToolButton
          label="Rétablir"
          disabled={!state.canRedo}
          onClick={() => chain().redo().run()}
          symbol="↷"
        />
      </div>
      {state.table ? (
        <div role="toolbar" aria-label="Tableau" className={styles.toolbar}>
          <ToolButton label="Ajouter une ligne" onClick={() => chain().addRowAfter().run()} />
          <ToolButton label="Ajouter une colonne" onClick={() => chain().addColumnAfter().run()} />
          <ToolButton label="Supprimer la ligne" onClick={() => chain().deleteRow().run()} />
          <ToolButton label="Supprimer la colonne" onClick={() => chain().deleteColumn().run()} />
          <ToolButton label="Supprimer le tableau" onClick={() => chain().deleteTable().run()} />
        </div>
      ) : null}
      {panel === 'link' ? <LinkPanel editor={editor} onDone={() => setPanel(null)} /> : null}
      {panel === 'internal' ? (
        <InternalLinkPanel editor={editor} searchArticles={searchArticles} onDone={() => setPanel(null)} />
      ) : null}
      {panel === 'embed' ? <EmbedPanel editor={editor} onDone={() => setPanel(null)} /> : null}
      {panel === 'image' ? <FigurePanel editor={editor} onDone={() => setPanel(null)} /> : null}
      <EditorContent editor={editor} />
    </div>
  );
}

/**
 * A button of the toolbar. A `symbol` (T2, G, I…) is shown to sight and hidden from assistive technologies, which
 * read `label` instead; otherwise `label` is the visible text, so the accessible name always holds what is shown
 * (WCAG 2.5.3, label in name). `description` (a tooltip) says more.
 */
function ToolButton({
  label,
  symbol,
  description,
  pressed,
  disabled,
  onClick,
}: {
  label: string;
  symbol?: React.ReactNode;
  description?: string;
  pressed?: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={styles.toolButton}
      title={description ?? label}
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onClick}
    >
      {symbol === undefined ? (
        label
      ) : (
        <>
          <span aria-hidden="true">{symbol}</span>
          <span className="visually-hidden">{label}</span>
        </>
      )}
    </button>
  );
}
