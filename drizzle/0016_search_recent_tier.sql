-- The search's recent tier (decision 062): full-text indexes, plain and with the facet values (as migration 0014),
-- over the rows from 2025-01-01 on (SEARCH_RECENT_FROM of src/server/db/schema.ts). A term read whole (a phrase,
-- several words) or through a window longer than the tier looks for its newest matches there first, in posting
-- lists a sixth as long as the whole corpus's at 1.1M documents, and reads the older rows only when the tier holds
-- the cap or fewer. IF NOT EXISTS: on a large base an operator may build them first with CREATE INDEX
-- CONCURRENTLY (same names and definitions), so that the migration does not hold writes while it builds them.
CREATE INDEX IF NOT EXISTS "articles_recent_search_idx" ON "articles" USING gin ("search_vector") WHERE "articles"."publication_date" >= '2025-01-01 00:00:00 Europe/Paris'::timestamptz;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "articles_recent_facet_search_idx" ON "articles" USING gin ((search_vector || search_news_facets(publication_date, enriched_news_id, topic_labels, thematic_labels))) WHERE "articles"."publication_date" >= '2025-01-01 00:00:00 Europe/Paris'::timestamptz;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "subscriber_documents_recent_search_idx" ON "subscriber_documents" USING gin ("search_vector") WHERE "subscriber_documents"."date_resultat" >= '2025-01-01'::date;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "subscriber_documents_recent_facet_search_idx" ON "subscriber_documents" USING gin ((search_vector || search_document_facets(date_resultat, type_document, matiere, abonnement))) WHERE "subscriber_documents"."date_resultat" >= '2025-01-01'::date;