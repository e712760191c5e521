import { describe, expect, it } from 'vitest';
import { ARTICLE_TYPE, ARTICLE_TYPES } from '@/lib/constants';
import { ARTICLE_INPUT_LIMITS, type ArticleInput, parseArticleInput, toArticleRows } from './article-input';

const minimal = {
  id: 'A1',
  type: 'actualite',
  title: 'Les règles du jeu',
  publication_date: '2025-03-15T08:00:00Z',
};

function parsed(value: unknown): ArticleInput {
  const result = parseArticleInput(value);
  if (!result.success) throw new Error(result.issues.join('\n'));
  return result.data;
}

function issues(value: unknown): string[] {
  const result = parseArticleInput(value);
  return result.success ? [] : result.issues;
}

describe('parseArticleInput', () => {
  it('accepts a minimal article and applies defaults', () => {
    expect(parsed(minimal)).toEqual({
      ...minimal,
      summary: '',
      topics: [],
      thematics: [],
      images: [],
      additionalProperties: {},
      trades: [],
      attachments: [],
      sections: [],
      view: '',
      paywalled: false,
    });
  });

  it('accepts null for optional values, as the API sends them', () => {
    const input = parsed({
      ...minimal,
      author: null,
      author_function: null,
      update_date: null,
      enriched_news_id: null,
      format: null,
      source: null,
      event_date: null,
      simulator_url: null,
    });
    expect(toArticleRows(input).article).toMatchObject({
      author: null,
      authorFunction: null,
      updateDate: null,
      enrichedNewsId: null,
      format: null,
      source: null,
      eventDate: null,
      simulatorUrl: null,
    });
  });

  it('accepts every content type', () => {
    // Every type but the agenda, which also needs its event date (below).
    for (const type of ARTICLE_TYPES.filter((type) => type !== ARTICLE_TYPE.agenda)) {
      expect(issues({ ...minimal, type })).toEqual([]);
    }
    expect(issues({ ...minimal, type: 'agenda', event_date: '2025-03-24' })).toEqual([]);
    expect(issues({ ...minimal, type: 'breve' })[0]).toMatch(/^type : /);
  });

  it('rejects ids other than letters, digits and hyphens', () => {
    expect(issues({ ...minimal, id: 'A_1' })).toEqual([
      'id : doit contenir uniquement des lettres, des chiffres et des tirets',
    ]);
    expect(issues({ ...minimal, enriched_news_id: 'E 1' })).toEqual([
      'enriched_news_id : doit contenir uniquement des lettres, des chiffres et des tirets',
    ]);
  });

  it('rejects unknown keys, at the top and inside', () => {
    expect(issues({ ...minimal, extra: 1 })).toEqual(['Clé non reconnue : "extra"']);
    expect(
      issues({ ...minimal, topics: [{ label: 'Fiscal', slug: 'fiscal', id: 'F', shortId: 'f', x: 1 }] }),
    ).toEqual(['topics[0] : Clé non reconnue : "x"']);
  });

  it('names missing required fields', () => {
    expect(issues({ id: 'A1' })).toEqual([
      'type : champ obligatoire manquant',
      'title : champ obligatoire manquant',
      'publication_date : champ obligatoire manquant',
    ]);
  });

  it('needs dates with a time zone, and real days', () => {
    expect(issues({ ...minimal, publication_date: '2025-03-15T08:00:00' })).toEqual([
      'publication_date : doit être une date-heure ISO 8601 avec fuseau (2024-03-15T08:00:00Z)',
    ]);
    expect(issues({ ...minimal, publication_date: '2025-03-15T08:00:00+01:00' })).toEqual([]);
    expect(issues({ ...minimal, type: 'agenda', event_date: '2025-02-30' })).toEqual([
      'event_date : doit être une date AAAA-MM-JJ',
    ]);
  });

  it('needs an event date for agenda events', () => {
    expect(issues({ ...minimal, type: 'agenda' })).toEqual([
      'event_date : obligatoire pour un article de type agenda',
    ]);
  });

  it('keeps simulator URLs to simulators and to /embed/ paths', () => {
    expect(issues({ ...minimal, type: 'simulateur', simulator_url: '/embed/ik' })).toEqual([]);
    expect(issues({ ...minimal, simulator_url: '/embed/ik' })).toEqual([
      'simulator_url : réservé aux articles de type simulateur',
    ]);
    expect(issues({ ...minimal, type: 'simulateur', simulator_url: 'https://ailleurs.example/ik' })).toEqual([
      'simulator_url : doit être un chemin /embed/… de ce site',
    ]);
  });

  it('refuses script URLs in images and attachments', () => {
    const image = { content_type: 'cover', href: 'javascript:alert(1)', image_name: 'x' };
    expect(issues({ ...minimal, images: [image] })).toEqual([
      'images[0].href : doit être une URL http(s) ou un chemin commençant par /',
    ]);
    expect(issues({ ...minimal, attachments: [{ item: 'javascript:alert(1)', name: 'PDF' }] })).toEqual([
      'attachments[0].item : doit être une URL http(s) ou un chemin commençant par /',
    ]);
  });

  it('checks a given slug', () => {
    expect(issues({ ...minimal, slug: 'regles-jeu' })).toEqual([]);
    expect(issues({ ...minimal, slug: 'Règles du jeu' })).toEqual([
      'slug : doit contenir uniquement des minuscules, des chiffres et des tirets',
    ]);
  });

  it('enforces the size limits', () => {
    expect(issues({ ...minimal, title: 'x'.repeat(ARTICLE_INPUT_LIMITS.titleLength + 1) })[0]).toMatch(
      /^title : Trop grand/,
    );
    expect(issues({ ...minimal, title: '   ' })).toEqual(['title : ne doit pas être vide']);
    expect(issues({ ...minimal, view: 'x'.repeat(ARTICLE_INPUT_LIMITS.bodyLength + 1) })[0]).toMatch(
      /^view : Trop grand/,
    );
    const sections = Array.from({ length: ARTICLE_INPUT_LIMITS.sections + 1 }, (_, index) => ({
      id: `S${index}`,
      title: 'Partie',
    }));
    expect(issues({ ...minimal, sections })[0]).toMatch(/^sections : Trop grand/);
  });

  it('rejects a section id repeated within an article', () => {
    expect(
      issues({
        ...minimal,
        sections: [
          { id: 'S1', title: 'Un' },
          { id: 'S1', title: 'Deux' },
        ],
      }),
    ).toEqual(['sections[1].id : identifiant de section « S1 » en double']);
  });

  it('takes additional properties of scalar values only', () => {
    expect(issues({ ...minimal, additionalProperties: { a: 'x', b: 1, c: true, d: null } })).toEqual([]);
    expect(issues({ ...minimal, additionalProperties: { a: { nested: 1 } } })[0]).toMatch(
      /^additionalProperties\.a : /,
    );
  });
});

describe('toArticleRows', () => {
  const tag = (name: string) => ({
    label: name,
    slug: name.toLowerCase(),
    id: `EBX:EFL_Themes:${name}`,
    shortId: name,
  });

  it('derives the slug from the title when absent', () => {
    expect(toArticleRows(parsed(minimal)).article.slug).toBe('regles-jeu');
    expect(toArticleRows(parsed({ ...minimal, slug: 'autre' })).article.slug).toBe('autre');
  });

  it('collects the ids of topics and thematics once', () => {
    const rows = toArticleRows(
      parsed({ ...minimal, topics: [tag('Fiscal')], thematics: [tag('TVA'), tag('Fiscal')] }),
    );
    expect(rows.article.topicIds).toEqual(['EBX:EFL_Themes:Fiscal', 'EBX:EFL_Themes:TVA']);
    expect(rows.article.thematics).toEqual([tag('TVA'), tag('Fiscal')]);
  });

  it('maps images to camelCase', () => {
    const rows = toArticleRows(
      parsed({
        ...minimal,
        images: [
          { content_type: 'cover', href: 'https://img.example.fr/a.jpg', image_name: 'a.jpg', legend: null },
        ],
      }),
    );
    expect(rows.article.images).toEqual([
      {
        contentType: 'cover',
        href: 'https://img.example.fr/a.jpg',
        imageName: 'a.jpg',
        legend: undefined,
        source: undefined,
        width: undefined,
        height: undefined,
      },
    ]);
  });

  it('sanitises bodies and builds the plain text of body and sections', () => {
    const rows = toArticleRows(
      parsed({
        ...minimal,
        publication_date: '2025-03-15T09:00:00+01:00',
        view: '<p>Corps<script>x()</script></p>',
        sections: [
          { id: 'S1', title: 'Première', summary: 'En bref', view: '<p onclick="x()">Texte un</p>' },
          { id: 'S2', title: 'Seconde', section_type: 'encadre', publication_date: '2025-03-16T08:00:00Z' },
        ],
      }),
    );
    expect(rows.article.bodyHtml).toBe('<p>Corps</p>');
    expect(rows.article.bodyText).toBe('Corps\nPremière\nEn bref\nTexte un\nSeconde');
    expect(rows.article.publicationDate).toEqual(new Date('2025-03-15T08:00:00Z'));
    expect(rows.sections).toEqual([
      {
        id: 'S1',
        articleId: 'A1',
        position: 0,
        title: 'Première',
        summary: 'En bref',
        sectionType: 'section',
        bodyHtml: '<p>Texte un</p>',
        publicationDate: null,
        images: [],
        topics: [],
        thematics: [],
      },
      {
        id: 'S2',
        articleId: 'A1',
        position: 1,
        title: 'Seconde',
        summary: '',
        sectionType: 'encadre',
        bodyHtml: '',
        publicationDate: new Date('2025-03-16T08:00:00Z'),
        images: [],
        topics: [],
        thematics: [],
      },
    ]);
  });
});
