/**
 * French names of an article's fields (spec section 3) as the newsroom's editor labels them: the same words in the
 * editor's messages (a conflict, a refused field) and in the comparison of two revisions.
 */
export const ARTICLE_FIELD_LABELS: Readonly<Record<string, string>> = {
  type: 'Type',
  title: 'Titre',
  summary: 'Chapô',
  topics: 'Thèmes',
  thematics: 'Thématiques',
  trades: 'Métiers',
  format: 'Format',
  author: 'Auteur',
  author_function: 'Fonction de l’auteur',
  source: 'Source',
  publication_date: 'Date de publication',
  update_date: 'Date de mise à jour',
  additionalProperties: 'Référencement (titres SEO et réseaux sociaux, indexation)',
  images: 'Images',
  attachments: 'Pièces jointes',
  paywalled: 'Accès réservé',
  event_date: 'Date de l’événement',
  simulator_url: 'Adresse du simulateur',
  sections: 'Sections',
  section_type: 'Type de section',
  view: 'Corps de l’article',
  slug: 'Adresse (slug)',
  enriched_news_id: 'Identifiant d’actualité enrichie',
};
