-- The search's recent tier (decision 062): full-text indexes over the rows from 2025-01-01 on (SEARCH_RECENT_FROM
-- of src/server/db/schema.ts). A term read without a window (a phrase, several words, `or`, `-mot`) looks for its
-- newest matches there first, in posting lists a fifth as long as the whole corpus's at 1.1M documents, and reads
-- the older rows only when the recent ones hold the cap or fewer.
CREATE INDEX "articles_recent_search_idx" ON "articles" USING gin ("search_vector") WHERE "articles"."publication_date" >= '2025-01-01 00:00:00 Europe/Paris'::timestamptz;--> statement-breakpoint
CREATE INDEX "subscriber_documents_recent_search_idx" ON "subscriber_documents" USING gin ("search_vector") WHERE "subscriber_documents"."date_resultat" >= '2025-01-01'::date;