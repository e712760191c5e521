import { sql } from 'drizzle-orm';
import { date, index, pgTable, text } from 'drizzle-orm/pg-core';
import { documentsRecentFrom, documentsWiderBand, documentTextAndFacets, tsvector } from './columns';

// Subscriber document collections: the second search corpus

export const subscriberDocuments = pgTable(
  'subscriber_documents',
  {
    id: text().primaryKey(),
    enrichedNewsId: text(),
    titreAffichage: text().notNull(),
    microContenu: text().notNull().default(''),
    texte: text().notNull().default(''),
    matiere: text().array().notNull().default(sql`'{}'::text[]`),
    themeZapette: text().array().notNull().default(sql`'{}'::text[]`),
    dateResultat: date().notNull(),
    /** Document type code (revue, documentation, memento, code, …). */
    typeDocument: text().notNull(),
    typeUr: text().notNull(),
    urId: text().notNull(),
    /** Product codes of the subscriptions that give access to the document. */
    abonnement: text().array().notNull().default(sql`'{}'::text[]`),
    titreOuvrage: text().notNull().default(''),
    searchVector: tsvector().generatedAlwaysAs(
      sql`setweight(to_tsvector('french_unaccent', coalesce(titre_affichage, '')), 'A') || setweight(to_tsvector('french_unaccent', coalesce(micro_contenu, '')), 'B') || setweight(to_tsvector('french_unaccent', coalesce(texte, '')), 'C')`,
    ),
  },
  (t) => [
    index('subscriber_documents_date_idx').on(t.dateResultat.desc()),
    index('subscriber_documents_type_idx').on(t.typeDocument),
    index('subscriber_documents_search_idx').using('gin', t.searchVector),
    index('subscriber_documents_recent_search_idx')
      .using('gin', t.searchVector)
      .where(sql`${t.dateResultat} >= ${documentsRecentFrom}`),
    index('subscriber_documents_wider_search_idx')
      .using('gin', t.searchVector)
      .where(documentsWiderBand(t.dateResultat)),
    index('subscriber_documents_abonnement_idx').using('gin', t.abonnement),
    index('subscriber_documents_matiere_idx').using('gin', t.matiere),
    // Migration 0014: the text and the facet values (month, type, subjects, subscriptions) in one inverted index.
    index('subscriber_documents_facet_search_idx').using('gin', documentTextAndFacets),
    index('subscriber_documents_recent_facet_search_idx')
      .using('gin', documentTextAndFacets)
      .where(sql`${t.dateResultat} >= ${documentsRecentFrom}`),
    index('subscriber_documents_wider_facet_search_idx')
      .using('gin', documentTextAndFacets)
      .where(documentsWiderBand(t.dateResultat)),
  ],
);
