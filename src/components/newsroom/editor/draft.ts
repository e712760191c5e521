import { ARTICLE_FIELD_LABELS } from '@/lib/article-fields';
import { ARTICLE_TYPE, type ArticleType } from '@/lib/constants';
import type {
  AdminArticle,
  ArticleCreateBody,
  ArticleDocument,
  ArticlePatchBody,
} from '@/lib/contracts/admin';

export type TagValue = ArticleDocument['topics'][number];
export type ImageValue = ArticleDocument['images'][number];
export type AttachmentValue = ArticleDocument['attachments'][number];
export type SectionValue = ArticleDocument['sections'][number];
type PropertyValue = ArticleDocument['additionalProperties'][string];

/** The article as the editor holds it: every field of the document but its id and slug (the server's). */
export type Draft = {
  type: ArticleType;
  title: string;
  summary: string;
  topics: TagValue[];
  thematics: TagValue[];
  trades: string[];
  format: string;
  author: string;
  author_function: string;
  source: string;
  publication_date: string | null;
  update_date: string | null;
  additionalProperties: Record<string, PropertyValue>;
  images: ImageValue[];
  attachments: AttachmentValue[];
  paywalled: boolean;
  event_date: string | null;
  simulator_url: string | null;
  sections: SectionValue[];
  view: string;
};

export function emptyDraft(): Draft {
  return {
    type: ARTICLE_TYPE.news,
    title: '',
    summary: '',
    topics: [],
    thematics: [],
    trades: [],
    format: '',
    author: '',
    author_function: '',
    source: '',
    publication_date: null,
    update_date: null,
    additionalProperties: {},
    images: [],
    attachments: [],
    paywalled: false,
    event_date: null,
    simulator_url: null,
    sections: [],
    view: '',
  };
}

/** The editor's copy of a saved document. */
export function draftOf(article: ArticleDocument): Draft {
  return {
    type: article.type,
    title: article.title,
    summary: article.summary,
    topics: article.topics,
    thematics: article.thematics,
    trades: article.trades,
    format: article.format ?? '',
    author: article.author ?? '',
    author_function: article.author_function ?? '',
    source: article.source ?? '',
    publication_date: article.publication_date,
    update_date: article.update_date ?? null,
    additionalProperties: article.additionalProperties,
    images: article.images,
    attachments: article.attachments,
    paywalled: article.paywalled,
    event_date: article.event_date ?? null,
    simulator_url: article.simulator_url ?? null,
    sections: article.sections,
    view: article.view,
  };
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** The fields every save sends: empty optional texts are cleared (null), dates only when set. */
function fieldsOf(draft: Draft) {
  return {
    type: draft.type,
    title: draft.title,
    summary: draft.summary,
    topics: draft.topics,
    thematics: draft.thematics,
    trades: draft.trades,
    format: orNull(draft.format),
    author: orNull(draft.author),
    author_function: orNull(draft.author_function),
    source: orNull(draft.source),
    update_date: draft.update_date,
    additionalProperties: draft.additionalProperties,
    images: draft.images,
    attachments: draft.attachments,
    paywalled: draft.paywalled,
    event_date: draft.event_date,
    simulator_url: orNull(draft.simulator_url ?? ''),
    sections: draft.sections,
    view: draft.view,
  };
}

/** POST /api/admin/articles: the server assigns the id; the publication date is set at publication if absent. */
export function createBodyOf(draft: Draft): ArticleCreateBody {
  return {
    ...fieldsOf(draft),
    ...(draft.publication_date ? { publication_date: draft.publication_date } : {}),
  };
}

/** PATCH /api/admin/articles/{id} from the version the editor started from. */
export function patchBodyOf(draft: Draft, version: number): ArticlePatchBody {
  return {
    ...fieldsOf(draft),
    ...(draft.publication_date ? { publication_date: draft.publication_date } : {}),
    version,
  };
}

/** Same JSON value (object keys in any order). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left).filter((key) => left[key] !== undefined);
  if (keys.length !== Object.keys(right).filter((key) => right[key] !== undefined).length) return false;
  return keys.every((key) => sameValue(left[key], right[key]));
}

/**
 * True when saving `draft` would change nothing in `saved` (the server's document as a draft): every field a save
 * sends already has that value. Edits kept in the browser whose save reached the server but whose answer never
 * came back (a tab closed as the save left, a connection lost on the way back) are in this case: they are not
 * unsent, and not someone else's change either.
 */
export function changesNothing(draft: Draft, saved: Draft): boolean {
  const sent: Record<string, unknown> = patchBodyOf(draft, 0);
  const current: Record<string, unknown> = patchBodyOf(saved, 0);
  return Object.keys(sent).every((key) => sameValue(sent[key], current[key]));
}

/** The workflow state the editor shows beside the document. */
export type ArticleState = Pick<
  AdminArticle,
  | 'id'
  | 'status'
  | 'version'
  | 'publishedVersion'
  | 'scheduledAt'
  | 'createdBy'
  | 'updatedAt'
  | 'updatedBy'
  | 'path'
>;

export function stateOf(article: AdminArticle): ArticleState {
  const { id, status, version, publishedVersion, scheduledAt, createdBy, updatedAt, updatedBy, path } =
    article;
  return { id, status, version, publishedVersion, scheduledAt, createdBy, updatedAt, updatedBy, path };
}

/** "sections[1].title" → "Sections n° 2 – title" in French where known. */
export function fieldLabel(path: string): string {
  const section = /^sections\[(\d+)\]\.?(.*)$/.exec(path);
  if (section) {
    const inner = section[2] ? (ARTICLE_FIELD_LABELS[section[2].split(/[.[]/)[0] ?? ''] ?? section[2]) : '';
    return `Section ${Number(section[1]) + 1}${inner ? ` – ${inner}` : ''}`;
  }
  const image = /^images\[(\d+)\]/.exec(path);
  if (image) return `Image ${Number(image[1]) + 1}`;
  return ARTICLE_FIELD_LABELS[path.split(/[.[]/)[0] ?? ''] ?? path;
}

/** A new section's id: unique within the article, in the characters article ids allow. */
function newSectionId(): string {
  const random = globalThis.crypto?.randomUUID?.().replace(/-/g, '').slice(0, 10) ?? Date.now().toString(36);
  return `s-${random}`;
}

/** An empty section of an enriched news. */
export function emptySection(): SectionValue {
  return {
    id: newSectionId(),
    title: '',
    summary: '',
    images: [],
    section_type: 'section',
    publication_date: null,
    topics: [],
    thematics: [],
    view: '',
  };
}

export const SECTION_TYPE_OPTIONS = [
  { value: 'section', label: 'Section' },
  { value: 'essentiel', label: 'L’essentiel' },
  { value: 'exemple', label: 'Exemple' },
  { value: 'a-retenir', label: 'À retenir' },
] as const;

/** Images lacking the alt text publication requires, by their place ("Image 2", "Section 1 – image 1"). */
export function imagesWithoutAlt(draft: Draft): string[] {
  const missing = draft.images.flatMap((image, index) => (image.alt?.trim() ? [] : [`Image ${index + 1}`]));
  draft.sections.forEach((section, sectionIndex) => {
    section.images.forEach((image, index) => {
      if (!image.alt?.trim()) missing.push(`Section ${sectionIndex + 1} – image ${index + 1}`);
    });
  });
  return missing;
}

/** Moves an item of a list one place up (-1) or down (+1); the same list when it cannot move. */
export function move<T>(items: readonly T[], index: number, offset: -1 | 1): T[] {
  const target = index + offset;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return [...items];
  const copy = [...items];
  const [item] = copy.splice(index, 1);
  if (item !== undefined) copy.splice(target, 0, item);
  return copy;
}
