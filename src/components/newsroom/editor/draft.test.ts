import { describe, expect, test } from 'vitest';
import { articleCreateBody, articlePatchBody } from '@/lib/contracts/admin';
import {
  changesNothing,
  createBodyOf,
  type Draft,
  draftOf,
  emptyDraft,
  emptySection,
  fieldLabel,
  imagesWithoutAlt,
  move,
  patchBodyOf,
} from './draft';

const image = {
  content_type: 'cover',
  href: '/media/1.webp',
  image_name: '1.webp',
  alt: '',
  legend: null,
  source: null,
};

function filled(): Draft {
  return {
    ...emptyDraft(),
    title: 'La TVA change',
    summary: 'Ce qui change au 1er janvier.',
    author: '  ',
    format: '',
    additionalProperties: { ELS_META_titreSEO: 'TVA 2027' },
    sections: [
      { ...emptySection(), title: 'L’essentiel', view: '<p>Un</p>' },
      { ...emptySection(), title: 'Exemple' },
    ],
    view: '<p>Corps</p>',
  };
}

describe('the editor’s draft and the Admin API bodies', () => {
  test('a new article’s body passes the contract; empty texts are sent as null, no publication date yet', () => {
    const body = createBodyOf(filled());
    expect(articleCreateBody.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({ author: null, format: null });
    expect(body).not.toHaveProperty('publication_date');
    expect(body).not.toHaveProperty('id');
  });

  test('a patch carries the version it was edited from and passes the contract', () => {
    const body = patchBodyOf({ ...filled(), publication_date: '2026-11-23T19:30:00.000Z' }, 7);
    expect(articlePatchBody.safeParse(body).success).toBe(true);
    expect(body.version).toBe(7);
    expect(body.publication_date).toBe('2026-11-23T19:30:00.000Z');
  });

  test('a saved document comes back into the form and out again unchanged', () => {
    const parsed = articleCreateBody.parse({
      ...createBodyOf(filled()),
      id: 'a-1',
      publication_date: '2026-01-02T03:04:05Z',
    });
    const draft = draftOf({ ...parsed, id: 'a-1', publication_date: '2026-01-02T03:04:05Z' });
    expect(draft.title).toBe('La TVA change');
    expect(draft.sections.map((section) => section.title)).toEqual(['L’essentiel', 'Exemple']);
    expect(draft.author).toBe('');
  });

  test('edits the server already has change nothing; any other edit does', () => {
    const mine = filled();
    const parsed = articleCreateBody.parse({ ...createBodyOf(mine), id: 'a-1' });
    // The server's copy: the publication date it set at creation, keys in another order, empty texts as null.
    const saved = draftOf({
      ...Object.fromEntries(Object.entries(parsed).reverse()),
      ...parsed,
      id: 'a-1',
      publication_date: '2026-01-02T03:04:05Z',
    });
    expect(changesNothing(mine, saved)).toBe(true);
    expect(changesNothing({ ...mine, summary: 'Écrit dans le train.' }, saved)).toBe(false);
    expect(changesNothing({ ...mine, publication_date: '2026-02-01T00:00:00.000Z' }, saved)).toBe(false);
    expect(changesNothing({ ...mine, sections: mine.sections.slice(1) }, saved)).toBe(false);
    expect(changesNothing({ ...mine, additionalProperties: { ELS_META_titreSEO: 'TVA 2028' } }, saved)).toBe(
      false,
    );
    expect(changesNothing({ ...mine, additionalProperties: {} }, saved)).toBe(false);
  });

  test('section ids are unique and valid article ids', () => {
    const ids = new Set(Array.from({ length: 200 }, () => emptySection().id));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9-]+$/);
  });

  test('images without alt text are named, in the article and in its sections', () => {
    const base = filled();
    const draft = {
      ...base,
      images: [image, { ...image, alt: 'Un graphique' }],
      sections: base.sections.map((section, index) =>
        index === 1 ? { ...section, images: [image] } : section,
      ),
    };
    expect(imagesWithoutAlt(draft)).toEqual(['Image 1', 'Section 2 – image 1']);
  });

  test('moving an item up or down, and not past the ends', () => {
    expect(move(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(move(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(move(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(move(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  test('field paths of the server read in French', () => {
    expect(fieldLabel('title')).toBe('Titre');
    expect(fieldLabel('sections[1].title')).toBe('Section 2 – Titre');
    expect(fieldLabel('images[0].alt')).toBe('Image 1');
    expect(fieldLabel('view')).toBe('Corps de l’article');
  });
});
