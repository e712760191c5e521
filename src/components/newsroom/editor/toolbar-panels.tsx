'use client';

import type { Editor } from '@tiptap/react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { EMBED_PROVIDERS, embedProviderOf } from '@/lib/embeds';
import { Combobox } from '../combobox';
import styles from '../newsroom.module.css';
import { EMBED_DEFAULT_HEIGHT } from './embed-node';
import { internalHref } from './extensions';

/** An article an internal link may point to. */
export type LinkTarget = { id: string; title: string; detail?: string };

/** An outside link on the selection (http, https, mailto, tel), or its removal. */
export function LinkPanel({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const inputId = useId();
  const [href, setHref] = useState(() => String(editor.getAttributes('link').href ?? ''));
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = href.trim();
    if (!/^(https?:\/\/\S+|mailto:\S+|tel:[+\d\s.-]+|\/\S*)$/i.test(value)) {
      setError('Indiquez une adresse commençant par https://, http://, mailto:, tel: ou /.');
      return;
    }
    const link = { href: value, target: /^https?:/i.test(value) ? '_blank' : null };
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty && !editor.isActive('link')) {
      chain.insertContent({ type: 'text', text: value, marks: [{ type: 'link', attrs: link }] }).run();
    } else {
      chain.setLink(link).run();
    }
    onDone();
  };
  return (
    <form className={styles.editorPanel} onSubmit={submit} noValidate>
      <label htmlFor={inputId} className={styles.label}>
        Adresse du lien
      </label>
      <input
        id={inputId}
        className={styles.input}
        type="url"
        value={href}
        onChange={(event) => setHref(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
        // biome-ignore lint/a11y/noAutofocus: the panel opens on the author's request, to type the address.
        autoFocus
      />
      {error ? (
        <p id={`${inputId}-error`} className={styles.error}>
          {error}
        </p>
      ) : null}
      <div className={styles.actions}>
        <button type="submit" className={styles.primaryButton}>
          Appliquer
        </button>
        {editor.isActive('link') ? (
          <button
            type="button"
            className={styles.secondaryButton}
            onClick={() => {
              editor.chain().focus().extendMarkRange('link').unsetLink().run();
              onDone();
            }}
          >
            Retirer le lien
          </button>
        ) : null}
        <button type="button" className={styles.secondaryButton} onClick={onDone}>
          Fermer
        </button>
      </div>
    </form>
  );
}

/** A link to another article of the site, written flash:id:{id} and resolved by the sanitiser. */
export function InternalLinkPanel({
  editor,
  searchArticles,
  onDone,
}: {
  editor: Editor;
  searchArticles: (text: string) => Promise<LinkTarget[]>;
  onDone: () => void;
}) {
  const [items, setItems] = useState<LinkTarget[]>([]);
  const [text, setText] = useState('');
  useEffect(() => {
    if (text.trim().length < 2) {
      setItems([]);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      searchArticles(text.trim())
        .then((found) => {
          if (current) setItems(found);
        })
        .catch(() => {
          if (current) setItems([]);
        });
    }, 200);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [text, searchArticles]);
  const insert = (target: LinkTarget) => {
    const link = { href: internalHref(target.id), target: null };
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty) {
      chain.insertContent({ type: 'text', text: target.title, marks: [{ type: 'link', attrs: link }] }).run();
    } else {
      chain.setLink(link).run();
    }
    onDone();
  };
  return (
    <div className={styles.editorPanel}>
      <Combobox
        label="Article à lier"
        hint="Tapez au moins deux caractères du titre ; le lien porte sur le texte sélectionné, ou insère le titre."
        items={items}
        itemKey={(item) => item.id}
        itemLabel={(item) => item.title}
        itemDetail={(item) => item.detail}
        onInputChange={setText}
        onSelect={insert}
      />
      <button type="button" className={styles.secondaryButton} onClick={onDone}>
        Fermer
      </button>
    </div>
  );
}

/** A frame of one of the embed platforms, from the address of its embed code. */
export function EmbedPanel({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const srcId = useId();
  const titleId = useId();
  const [src, setSrc] = useState('');
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The author may paste the whole embed code: its iframe's src is what counts.
    const address = /src="([^"]+)"/.exec(src)?.[1] ?? src.trim();
    if (!embedProviderOf(address)) {
      setError(
        `Adresse refusée : seules les intégrations https de ${EMBED_PROVIDERS.map((p) => p.name).join(', ')} sont acceptées.`,
      );
      return;
    }
    if (title.trim() === '') {
      setError('Donnez un titre à l’intégration (lu par les lecteurs d’écran).');
      return;
    }
    editor
      .chain()
      .focus()
      .insertEmbed({ src: address, title: title.trim(), height: EMBED_DEFAULT_HEIGHT })
      .run();
    onDone();
  };
  return (
    <form className={styles.editorPanel} onSubmit={submit} noValidate>
      <label htmlFor={srcId} className={styles.label}>
        Adresse ou code d’intégration
      </label>
      <input
        id={srcId}
        className={styles.input}
        value={src}
        onChange={(event) => setSrc(event.target.value)}
        aria-describedby={error ? `${srcId}-error` : undefined}
        aria-invalid={error ? true : undefined}
        // biome-ignore lint/a11y/noAutofocus: the panel opens on the author's request, to paste the address.
        autoFocus
      />
      <label htmlFor={titleId} className={styles.label}>
        Titre de l’intégration
      </label>
      <input
        id={titleId}
        className={styles.input}
        value={title}
        onChange={(event) => setTitle(event.target.value)}
      />
      {error ? (
        <p id={`${srcId}-error`} className={styles.error}>
          {error}
        </p>
      ) : null}
      <div className={styles.actions}>
        <button type="submit" className={styles.primaryButton}>
          Intégrer
        </button>
        <button type="button" className={styles.secondaryButton} onClick={onDone}>
          Fermer
        </button>
      </div>
    </form>
  );
}
