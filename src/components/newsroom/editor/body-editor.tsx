'use client';

import dynamic from 'next/dynamic';
import { listArticles } from '@/client/admin';
import { ARTICLE_STATUS_LABELS } from '@/lib/contracts/admin';
import { articleIdOfEditPath } from '../paths';
import type { RichTextEditorProps } from './rich-text-editor';
import type { LinkTarget } from './toolbar-panels';

/** Tiptap and ProseMirror load with the editor page's first body field, not with the newsroom's other pages. */
const RichTextEditor = dynamic(() => import('./rich-text-editor'), {
  ssr: false,
  loading: () => <p className="loading">Chargement de l’éditeur...</p>,
});

/**
 * Published articles whose title (or id) matches, for the internal-link picker: a draft's address would answer
 * nothing to readers, and the article being edited (the one of the page's address) does not link to itself.
 */
export async function searchArticles(text: string): Promise<LinkTarget[]> {
  const { items } = await listArticles({ q: text, status: 'published', perPage: 11 });
  const self = articleIdOfEditPath(window.location.pathname);
  return items
    .filter((item) => item.id !== self)
    .slice(0, 10)
    .map((item) => ({
      id: item.id,
      title: item.title,
      detail: `${ARTICLE_STATUS_LABELS[item.status]} – ${item.id}`,
    }));
}

/** The rich-text body of an article or a section, with the internal-link search of the Admin API. */
export function BodyEditor(props: Omit<RichTextEditorProps, 'searchArticles'>) {
  return <RichTextEditor {...props} searchArticles={searchArticles} />;
}
