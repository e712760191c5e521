import { ARTICLE_TYPE, type ArticleType } from '@/lib/constants';
import { ARTICLE_LIST_BOUND, type ArticleListAnswer, type ArticleStatus } from '@/lib/contracts/admin';

/** French names of the article types (spec section 3 "Article content types"). */
export const ARTICLE_TYPE_LABELS: Record<string, string> = {
  [ARTICLE_TYPE.news]: 'Actualité',
  [ARTICLE_TYPE.podcast]: 'Podcast',
  [ARTICLE_TYPE.infographic]: 'Infographie',
  [ARTICLE_TYPE.video]: 'Vidéo',
  [ARTICLE_TYPE.timeline]: 'Chronologie',
  [ARTICLE_TYPE.simulator]: 'Simulateur',
  [ARTICLE_TYPE.rates]: 'Chiffres et taux',
  [ARTICLE_TYPE.agenda]: 'Agenda',
} satisfies Record<ArticleType, string>;

export const ARTICLE_TYPE_OPTIONS = Object.values(ARTICLE_TYPE).map((value) => ({
  value,
  label: ARTICLE_TYPE_LABELS[value] ?? value,
}));

/** Formats of multimedia news (the `format` field; empty for a text article). */
export const ARTICLE_FORMAT_OPTIONS = [
  { value: '', label: 'Texte (aucun)' },
  { value: 'video', label: 'Vidéo' },
  { value: 'podcast', label: 'Podcast' },
  { value: 'infographie', label: 'Infographie' },
  { value: 'timeline', label: 'Chronologie' },
] as const;

/** Keys of additionalProperties the editor shows as fields (spec section 3; the seed writes the same keys). */
export const PROPERTY_KEYS = {
  seoTitle: 'ELS_META_titreSEO',
  socialTitle: 'ELS_META_titreReseauxSociaux',
  /** Its presence makes the page noindex. */
  themesGateway: 'Themes_Gateway',
  editorialUpdate: 'ELS_META_dateMajEditoriale',
  newsSource: 'ELS_META_actualiteSource',
} as const;

/**
 * The line above the article list: how many match and which page. When the list counted only part of the
 * matches (`totalIsLowerBound`: it counts up to 1,000 past the page), the number is a lower bound, said so, and
 * so is the number of pages, except at 10,000 matches where pages stop.
 */
export function articleListStatus(
  answer: Pick<ArticleListAnswer, 'total' | 'totalIsLowerBound' | 'page' | 'pageCount'>,
): string {
  if (answer.total === 0) return 'Aucun article ne correspond à ces filtres.';
  const count = `${answer.total.toLocaleString('fr-FR')} article${answer.total > 1 ? 's' : ''}`;
  return answer.totalIsLowerBound
    ? `Plus de ${count}, page ${answer.page} sur ${answer.pageCount}${answer.total < ARTICLE_LIST_BOUND ? ' ou plus' : ''}`
    : `${count}, page ${answer.page} sur ${answer.pageCount}`;
}

/**
 * True when readers see an older version than the newsroom's: the article is online and changed since. Once
 * unpublished, readers see nothing, so nothing is "not published yet".
 */
export function hasUnpublishedChanges(article: {
  status: ArticleStatus;
  version: number;
  publishedVersion: number | null;
}): boolean {
  return (
    article.status !== 'unpublished' &&
    article.publishedVersion !== null &&
    article.version > article.publishedVersion
  );
}
