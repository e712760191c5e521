import 'server-only';
import { ARTICLE_TYPE, type ArticleType, type NewsTopic } from '@/lib/constants';
import { DAILY_NAME } from '@/lib/site';
import { slugify } from '@/lib/slug';
import { truncateAtWord } from '@/lib/text';
import { publicSearchText } from '../content/paywall';
import type { AdditionalProperties, Attachment, articleSections, articles, TagRef } from '../db/schema';
import { type AgendaEvent, agendaEvents } from './agenda';
import { dateOfDay, dayFromParts, isoOfDay, isWeekday, longDate, yearOf } from './calendar';
import { ANGLE_SUMMARIES, ANGLES, CORPUS, type SourceKind, type Story } from './corpus';
import {
  authorFor,
  BodyWriter,
  courtOfStory,
  fill,
  type StoryContext,
  storyContext,
  typeset,
  writeNewsBody,
  writeSections,
} from './editorial';
import {
  MULTIMEDIA,
  type MultimediaType,
  SIMULATORS,
  writeMultimediaBody,
  writeSimulatorBody,
} from './formats';
import { ATTACHMENTS, attachmentPath, COVERS, type CoverDefinition, coverImages } from './media';
import { type Random, streamFor } from './random';
import { type RatesItem, ratesItems } from './rates';
import type { Taxonomy, TopicEntry } from './taxonomy';

/**
 * The demo articles. Generation runs in two passes: a cheap plan (id, type, date of every article, computed
 * once and kept in memory, also used by the daily issues) and the full rows, built batch by batch from the
 * plan, each article from its own random stream.
 */

export type ArticleRow = typeof articles.$inferInsert;
export type SectionRow = typeof articleSections.$inferInsert;

export type PlannedArticle = {
  id: string;
  type: ArticleType;
  day: number;
  /** Minutes after midnight UTC. */
  minutes: number;
  enrichedNewsId: string | null;
  agenda?: AgendaEvent;
  rates?: RatesItem;
  /** Index in SIMULATORS. */
  simulator?: number;
};

export type ArticlePlan = {
  articles: PlannedArticle[];
  /** The news (type actualite), oldest first: what the daily issues are made of. */
  news: PlannedArticle[];
  enrichedNewsIds: string[];
};

/** The demo content starts on this day, as the archive does. */
export const CONTENT_START = '2015-01-01';
/** The first issue needs news: this many are published on the very first day. */
const FIRST_DAY_NEWS = 14;
/** The smallest article count that still covers every content type and the first issue. */
export const MIN_ARTICLES = 100;

const FIRST_ID = 100_001;
const FIRST_ENRICHED_ID = 10_001;
/** One news in this many is enriched (divided into sections). */
const ENRICHED_EVERY = 8;
/** News are published between 03:30 and 06:30 UTC (early morning in Paris). */
const FIRST_MINUTE = 210;
const LAST_MINUTE = 390;

const SHARES: Record<Exclude<ArticleType, 'actualite'>, number> = {
  [ARTICLE_TYPE.podcast]: 0.03,
  [ARTICLE_TYPE.infographic]: 0.025,
  [ARTICLE_TYPE.video]: 0.035,
  [ARTICLE_TYPE.timeline]: 0.015,
  [ARTICLE_TYPE.simulator]: 0.004,
  [ARTICLE_TYPE.rates]: 0.04,
  [ARTICLE_TYPE.agenda]: 0.06,
};
const MIN_PER_TYPE = 3;

/** Publication density: weekdays, and much more in the last months (about 10+ news a weekday lately). */
function dayWeight(day: number, today: number): number {
  const base = isWeekday(day) ? 1 : 0.08;
  return base * (1 + 31 * Math.exp(-(today - day) / 60));
}

export function planArticles(total: number, startDay: number, today: number): ArticlePlan {
  if (total < MIN_ARTICLES) throw new RangeError(`Au moins ${MIN_ARTICLES} articles sont nécessaires`);
  const rng = streamFor('plan', total);
  const share = (type: keyof typeof SHARES) => Math.max(MIN_PER_TYPE, Math.round(total * SHARES[type]));
  const anchored: Omit<PlannedArticle, 'id' | 'enrichedNewsId'>[] = [];

  // Agenda: the latest deadlines, up to two months ahead, each announced a few days before (the coming ones in
  // the last few days).
  const events = agendaEvents(startDay + 14, today + 60);
  for (const agenda of events.slice(-Math.min(share(ARTICLE_TYPE.agenda), events.length))) {
    const day = Math.max(startDay, Math.min(today - rng.int(0, 6), agenda.day - rng.int(3, 20)));
    anchored.push({ type: ARTICLE_TYPE.agenda, day, minutes: rng.int(FIRST_MINUTE, LAST_MINUTE), agenda });
  }
  // Figures and rates: the latest publications of every series.
  const rates = ratesItems(startDay, today, yearOf(startDay), yearOf(today));
  for (const item of rates.slice(-Math.min(share(ARTICLE_TYPE.rates), rates.length))) {
    anchored.push({
      type: ARTICLE_TYPE.rates,
      day: item.day,
      minutes: rng.int(FIRST_MINUTE, LAST_MINUTE),
      rates: item,
    });
  }
  // Simulators: one page per simulator and year, the latest years first.
  const simulatorCount = share(ARTICLE_TYPE.simulator);
  for (let year = yearOf(today), made = 0; made < simulatorCount && year >= yearOf(startDay); year -= 1) {
    SIMULATORS.forEach((_, index) => {
      if (made >= simulatorCount) return;
      const day = Math.min(today, Math.max(startDay, dayFromParts(year, 1, 5 + index * 3)));
      anchored.push({ type: ARTICLE_TYPE.simulator, day, minutes: FIRST_MINUTE + index, simulator: index });
      made += 1;
    });
  }

  // Everything else follows the publication density.
  const flowing: ArticleType[] = [];
  for (const type of [
    ARTICLE_TYPE.podcast,
    ARTICLE_TYPE.infographic,
    ARTICLE_TYPE.video,
    ARTICLE_TYPE.timeline,
  ]) {
    for (let i = 0; i < share(type); i += 1) flowing.push(type);
  }
  const newsCount = total - anchored.length - flowing.length - FIRST_DAY_NEWS;
  for (let i = 0; i < newsCount; i += 1) flowing.push(ARTICLE_TYPE.news);
  rng.shuffle(flowing);

  const slots: Omit<PlannedArticle, 'id' | 'enrichedNewsId'>[] = [];
  for (let i = 0; i < FIRST_DAY_NEWS; i += 1) {
    slots.push({ type: ARTICLE_TYPE.news, day: startDay, minutes: rng.int(FIRST_MINUTE, LAST_MINUTE) });
  }
  const days: number[] = [];
  const weights: number[] = [];
  let weightSum = 0;
  for (let day = startDay + 1; day <= today; day += 1) {
    days.push(day);
    const weight = dayWeight(day, today);
    weights.push(weight);
    weightSum += weight;
  }
  // Cumulative rounding spreads exactly flowing.length articles over the days.
  let cumulative = 0;
  let placed = 0;
  days.forEach((day, index) => {
    cumulative += weights[index] ?? 0;
    const upTo = Math.round((cumulative / weightSum) * flowing.length);
    for (; placed < upTo; placed += 1) {
      const type = flowing[placed];
      if (type) slots.push({ type, day, minutes: rng.int(FIRST_MINUTE, LAST_MINUTE) });
    }
  });

  const ordered = [...slots, ...anchored].sort((a, b) => a.day - b.day || a.minutes - b.minutes);
  const plannedArticles: PlannedArticle[] = [];
  const news: PlannedArticle[] = [];
  const enrichedNewsIds: string[] = [];
  ordered.forEach((slot, index) => {
    let enrichedNewsId: string | null = null;
    if (slot.type === ARTICLE_TYPE.news) {
      if (news.length % ENRICHED_EVERY === ENRICHED_EVERY - 1) {
        enrichedNewsId = `EN${FIRST_ENRICHED_ID + enrichedNewsIds.length}`;
        enrichedNewsIds.push(enrichedNewsId);
      }
    }
    const planned: PlannedArticle = { ...slot, id: String(FIRST_ID + index), enrichedNewsId };
    plannedArticles.push(planned);
    if (slot.type === ARTICLE_TYPE.news) news.push(planned);
  });
  return { articles: plannedArticles, news, enrichedNewsIds };
}

// ---------------------------------------------------------------------------------------------------------
// Full rows

const TOPIC_WEIGHTS: readonly (readonly [NewsTopic, number])[] = [
  ['fiscal', 24],
  ['social', 24],
  ['affaires', 15],
  ['comptable', 10],
  ['patrimoine', 8],
  ['immobilier', 8],
  ['association', 4],
  ['particuliers', 7],
];

const MAX_CURATED_SHARE = 0.55;
const USES_PER_STORY = 3;

const KIND_WEIGHTS: readonly (readonly [SourceKind, number])[] = [
  ['j', 45],
  ['t', 30],
  ['d', 25],
];

export type BuiltArticle = { article: ArticleRow; sections: SectionRow[] };

type Tagging = { topic: TopicEntry; thematics: TopicEntry[]; extraTopics: TopicEntry[]; trades: string[] };

export class ArticleBuilder {
  private readonly children = new Map<string, TopicEntry[]>();
  /** Share of news telling a curated story: each story a few times over the years, never most of the news. */
  private readonly curatedShare: number;

  constructor(
    private readonly taxonomy: Taxonomy,
    private readonly today: number,
    newsCount: number,
  ) {
    for (const entry of taxonomy.entries) {
      if (entry.parentId !== null)
        this.children.set(entry.parentId, [...(this.children.get(entry.parentId) ?? []), entry]);
    }
    const stories = Object.values(CORPUS).reduce((sum, corpus) => sum + corpus.stories.length, 0);
    this.curatedShare = Math.min(MAX_CURATED_SHARE, (stories * USES_PER_STORY) / Math.max(1, newsCount));
  }

  build(planned: PlannedArticle): BuiltArticle {
    const rng = streamFor('article', planned.id);
    switch (planned.type) {
      case ARTICLE_TYPE.news:
        return this.news(rng, planned);
      case ARTICLE_TYPE.agenda:
        return this.agenda(rng, planned);
      case ARTICLE_TYPE.rates:
        return this.rates(rng, planned);
      case ARTICLE_TYPE.simulator:
        return this.simulator(rng, planned);
      default:
        return this.multimedia(rng, planned, planned.type);
    }
  }

  private news(rng: Random, planned: PlannedArticle): BuiltArticle {
    const topicSlug = rng.weighted(TOPIC_WEIGHTS);
    const corpus = CORPUS[topicSlug];
    const { thematics } = this.topicData(topicSlug);
    let story: Story;
    let context: StoryContext;
    if (rng.chance(this.curatedShare)) {
      story = rng.pick(corpus.stories);
      context = storyContext(
        rng,
        corpus,
        story.thematic,
        story.kind,
        planned.day,
        courtOfStory(story, corpus),
      );
    } else {
      // A generated story on a thematic, or on one of its own sub-thematics (tagged with the thematic).
      const thematic = rng.pick(thematics);
      const narrower = this.children.get(thematic.id) ?? [];
      const subject = narrower.length > 0 && rng.chance(0.4) ? rng.pick(narrower) : thematic;
      const kind = rng.weighted(KIND_WEIGHTS);
      context = storyContext(rng, corpus, subject.label, kind, planned.day);
      story = {
        thematic: thematic.label,
        kind,
        title: `${subject.label} : ${rng.pick(ANGLES[kind])}`,
        summary: rng.pick(ANGLE_SUMMARIES[kind]),
      };
    }
    const title = fill(story.title, context.vars);
    const summary = fill(story.summary, context.vars);
    const tagging = this.tagging(rng, topicSlug, story.thematic);
    const { author, role } = authorFor(rng, topicSlug);
    const cover = rng.pick(COVERS[topicSlug] ?? []);

    let bodyHtml: string;
    let bodyText: string;
    const sections: SectionRow[] = [];
    if (planned.enrichedNewsId) {
      // An enriched news keeps a short introduction; its substance is in the sections.
      const intro = new BodyWriter()
        .p(fill(rng.pick(INTRODUCTIONS), context.vars))
        .p(summary)
        .result();
      const written = writeSections(rng, context, rng.int(3, 8));
      bodyHtml = intro.html;
      bodyText = [intro.text, ...written.map((section) => section.text)].join('\n\n');
      written.forEach((section, index) => {
        sections.push({
          id: `${planned.id}-${index + 1}`,
          articleId: planned.id,
          position: index + 1,
          title: section.title,
          summary: section.summary,
          sectionType: section.sectionType,
          bodyHtml: section.html,
          publicationDate: publicationDate(planned),
          images: [],
          topics: [tagging.topic.tag],
          thematics: tagging.thematics.map((entry) => entry.tag),
        });
      });
    } else {
      const written = writeNewsBody(rng, context, summary);
      bodyHtml = written.html;
      bodyText = written.text;
    }

    const updateDay = rng.chance(0.15) ? Math.min(this.today, planned.day + rng.int(1, 20)) : null;
    const additionalProperties: AdditionalProperties = {};
    if (rng.chance(0.3)) {
      additionalProperties.ELS_META_titreSEO = truncateAtWord(title, 65);
      additionalProperties.ELS_META_titreReseauxSociaux = `${title} | ${DAILY_NAME}`;
    }
    if (updateDay !== null) additionalProperties.ELS_META_dateMajEditoriale = isoOfDay(updateDay);
    if (rng.chance(0.4)) additionalProperties.ELS_META_actualiteSource = context.source;
    if (rng.chance(0.02))
      additionalProperties.Themes_Gateway = tagging.thematics[0]?.shortId ?? tagging.topic.shortId;
    const attachments: Attachment[] = rng.chance(0.08)
      ? rng
          .sample(ATTACHMENTS, rng.int(1, 2))
          .map((file) => ({ item: attachmentPath(file.file), name: file.name }))
      : [];

    // Drawn here, after the attachments, as before: the seed's random sequence is unchanged.
    const paywalled = planned.enrichedNewsId === null && rng.chance(0.06);
    // What a reader without access may match in a search (the paywall's own rule).
    const publicText = publicSearchText({
      view: bodyHtml,
      sections: sections.map((section) => ({
        title: section.title,
        summary: section.summary ?? '',
        view: section.bodyHtml ?? '',
      })),
      paywalled,
    });

    return {
      article: this.row(planned, {
        title,
        summary,
        bodyHtml,
        bodyText,
        source: context.source,
        author,
        authorFunction: role,
        updateDay,
        paywalled,
        publicText,
        tagging,
        cover,
        attachments,
        additionalProperties,
      }),
      sections,
    };
  }

  private multimedia(rng: Random, planned: PlannedArticle, type: MultimediaType): BuiltArticle {
    const definition = MULTIMEDIA[type];
    const topicSlug = rng.weighted(TOPIC_WEIGHTS);
    const corpus = CORPUS[topicSlug];
    const thematic = rng.pick(this.topicData(topicSlug).thematics);
    const context = storyContext(rng, corpus, thematic.label, rng.weighted(KIND_WEIGHTS), planned.day);
    const { author, role } = authorFor(rng, topicSlug);
    const vars = { ...context.vars, author, role: role.charAt(0).toLowerCase() + role.slice(1) };
    const title = `${thematic.label} : ${rng.pick(definition.suffixes)}`;
    const summary = fill(rng.pick(definition.summaries), vars);
    const points = [...rng.sample(corpus.measures, 2), ...rng.sample(corpus.advice, 1)];
    const body = writeMultimediaBody(rng, type, vars, planned.day, points, {
      id: Number(planned.id),
      title,
    });
    const cover = rng.pick(COVERS[type] ?? []);
    return {
      article: this.row(planned, {
        title,
        summary,
        bodyHtml: body.html,
        bodyText: body.text,
        source: type === ARTICLE_TYPE.infographic ? context.source : null,
        author,
        authorFunction: role,
        tagging: this.tagging(rng, topicSlug, thematic.label),
        cover,
        format: definition.format,
      }),
      sections: [],
    };
  }

  private agenda(rng: Random, planned: PlannedArticle): BuiltArticle {
    const event = planned.agenda;
    if (!event) throw new Error(`Échéance absente pour l'article ${planned.id}`);
    const body = new BodyWriter()
      .p(event.summary)
      .h2('Qui est concerné ?')
      .p(event.who)
      .h2('Modalités')
      .p(event.how)
      .p(`Date limite : ${longDate(event.day)}.`)
      .result();
    return this.servicePage(rng, planned, event, body, {
      coverGroup: 'agenda',
      source: null,
      eventDate: isoOfDay(event.day),
      ...(event.audience ? { additionalProperties: event.audience } : {}),
    });
  }

  private rates(rng: Random, planned: PlannedArticle): BuiltArticle {
    const item = planned.rates;
    if (!item) throw new Error(`Série de taux absente pour l'article ${planned.id}`);
    const body = new BodyWriter().p(item.intro).table(item.head, item.rows).p(item.comment).result();
    return this.servicePage(rng, planned, item, body, { coverGroup: 'chiffres-taux', source: item.source });
  }

  /**
   * A page of the agenda or of the rates: the item's title, summary and tags, an author of its topic, the first
   * cover of its group, no sections.
   */
  private servicePage(
    rng: Random,
    planned: PlannedArticle,
    item: { title: string; summary: string; topic: NewsTopic; thematic: string },
    body: { html: string; text: string },
    page: {
      coverGroup: string;
      source: string | null;
      eventDate?: string;
      additionalProperties?: AdditionalProperties;
    },
  ): BuiltArticle {
    const { author, role } = authorFor(rng, item.topic);
    return {
      article: this.row(planned, {
        title: item.title,
        summary: item.summary,
        bodyHtml: body.html,
        bodyText: body.text,
        source: page.source,
        author,
        authorFunction: role,
        tagging: this.tagging(rng, item.topic, item.thematic),
        cover: COVERS[page.coverGroup]?.[0],
        ...(page.eventDate ? { eventDate: page.eventDate } : {}),
        ...(page.additionalProperties ? { additionalProperties: page.additionalProperties } : {}),
      }),
      sections: [],
    };
  }

  private simulator(rng: Random, planned: PlannedArticle): BuiltArticle {
    const simulator = SIMULATORS[planned.simulator ?? 0];
    if (!simulator) throw new Error(`Simulateur absent pour l'article ${planned.id}`);
    const vars = { annee: String(yearOf(planned.day)) };
    const title = fill(simulator.title, vars);
    const body = writeSimulatorBody(simulator.summary, simulator.points, planned.day);
    const cover = COVERS.simulateur?.[0];
    const tagging = this.tagging(rng, simulator.topic, simulator.thematic);
    // A simulator belongs to its own family and trades (the header's « Simulateurs » menu lists the families in
    // use): the second topic a news article sometimes gets would put it in another one depending on the day the
    // site is seeded. The draws are made all the same, so the rest of the seed does not change.
    tagging.trades = [...simulator.trades];
    tagging.extraTopics = [];
    return {
      article: this.row(planned, {
        title,
        summary: simulator.summary,
        bodyHtml: body.html,
        bodyText: body.text,
        source: null,
        author: null,
        authorFunction: null,
        tagging,
        cover,
        simulatorUrl: simulator.yearly ? `${simulator.url}?annee=${vars.annee}` : simulator.url,
      }),
      sections: [],
    };
  }

  private topicData(slug: NewsTopic): { topic: TopicEntry; thematics: TopicEntry[] } {
    const data = this.taxonomy.newsTopics.get(slug);
    if (!data) throw new Error(`Sujet inconnu : ${slug}`);
    return data;
  }

  /** Topic, thematics (the story's own plus sometimes a sibling), sometimes a second topic, and trades. */
  private tagging(rng: Random, topicSlug: NewsTopic, thematicLabel: string): Tagging {
    const { topic, thematics } = this.topicData(topicSlug);
    const main = thematics.find((entry) => entry.label === thematicLabel);
    if (!main) throw new Error(`Thématique « ${thematicLabel} » absente du sujet ${topicSlug}`);
    const chosen = [main];
    if (rng.chance(0.35)) {
      const sibling = rng.pick(thematics);
      if (sibling.id !== main.id) chosen.push(sibling);
    }
    const related = CORPUS[topicSlug].relatedTrades;
    const trades = [topicSlug as string, ...related.filter(() => rng.chance(0.3))];
    const extraTopics: TopicEntry[] = [];
    const second = related.find((slug) => slug !== 'finance' && trades.includes(slug));
    if (second && rng.chance(0.3)) {
      const data = this.taxonomy.newsTopics.get(second as NewsTopic);
      if (data) extraTopics.push(data.topic);
    }
    return { topic, thematics: chosen, extraTopics, trades };
  }

  /** The article row of `content`; what a page leaves out is a free, never updated page without extras. */
  private row(
    planned: PlannedArticle,
    content: {
      title: string;
      summary: string;
      bodyHtml: string;
      bodyText: string;
      source: string | null;
      author: string | null;
      authorFunction: string | null;
      updateDay?: number | null;
      paywalled?: boolean;
      publicText?: string | null;
      tagging: Tagging;
      /** The cover drawn for the article: its images (none without one). */
      cover: CoverDefinition | undefined;
      attachments?: Attachment[];
      additionalProperties?: AdditionalProperties;
      format?: string | null;
      eventDate?: string;
      simulatorUrl?: string;
    },
  ): ArticleRow {
    const published = publicationDate(planned);
    const updateDay = content.updateDay ?? null;
    const updated = updateDay === null ? null : dateOfDay(updateDay, planned.minutes + 120);
    const title = typeset(content.title);
    const topics: TagRef[] = [
      content.tagging.topic.tag,
      ...content.tagging.extraTopics.map((entry) => entry.tag),
    ];
    const thematics: TagRef[] = content.tagging.thematics.map((entry) => entry.tag);
    return {
      id: planned.id,
      type: planned.type,
      slug: slugify(title) || 'article',
      title,
      summary: typeset(content.summary),
      bodyHtml: content.bodyHtml,
      bodyText: `${title}\n\n${content.bodyText}`,
      source: content.source,
      format: content.format ?? null,
      author: content.author,
      authorFunction: content.authorFunction,
      publicationDate: published,
      updateDate: updated,
      enrichedNewsId: planned.enrichedNewsId,
      paywalled: content.paywalled ?? false,
      publicText: content.publicText ?? null,
      eventDate: content.eventDate ?? null,
      simulatorUrl: content.simulatorUrl ?? null,
      topics,
      thematics,
      topicIds: [...topics, ...thematics].map((tag) => tag.id),
      trades: content.tagging.trades,
      images: content.cover ? coverImages(content.cover) : [],
      attachments: content.attachments ?? [],
      additionalProperties: content.additionalProperties ?? {},
      createdAt: published,
      updatedAt: updated ?? published,
    };
  }
}

const INTRODUCTIONS = [
  'Actualité enrichie : notre analyse détaillée, section par section, en matière de {theme}.',
  "Notre décryptage complet de l'actualité en matière de {theme}, avec exemples et conseils pratiques.",
];

function publicationDate(planned: PlannedArticle): Date {
  return dateOfDay(planned.day, planned.minutes);
}
