CREATE TABLE "search_blocklist" (
	"normalized" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_query_clients" (
	"normalized" text NOT NULL,
	"client" text NOT NULL,
	"last_searched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_query_clients_normalized_client_pk" PRIMARY KEY("normalized","client")
);
--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "public_text" text;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "public_search_vector" "tsvector" GENERATED ALWAYS AS (case when paywalled or enriched_news_id is not null or public_text is not null then setweight(to_tsvector('french_unaccent', coalesce(title, '')), 'A') || setweight(to_tsvector('french_unaccent', coalesce(summary, '')), 'B') || setweight(to_tsvector('french_unaccent', coalesce(public_text, '')), 'C') end) STORED;--> statement-breakpoint
CREATE INDEX "search_query_clients_last_idx" ON "search_query_clients" USING btree ("last_searched_at");--> statement-breakpoint
-- Hand-written (issue 15). The public vector is read with every news candidate, like search_vector: kept in its
-- row (migration 0004 did the same for search_vector).
ALTER TABLE "articles" ALTER COLUMN "public_search_vector" SET STORAGE MAIN;
--> statement-breakpoint
-- Frequent searches no longer become suggestions by themselves: src/server/search/suggestion-rules.ts offers a
-- term once enough distinct readers made it lately, never with operators, over 60 characters or blocklisted.
DROP TRIGGER IF EXISTS search_queries_suggestions_insert ON search_queries;
--> statement-breakpoint
DROP TRIGGER IF EXISTS search_queries_suggestions_update ON search_queries;
--> statement-breakpoint
DROP TRIGGER IF EXISTS search_queries_suggestions_delete ON search_queries;
--> statement-breakpoint
DROP TRIGGER IF EXISTS search_queries_suggestions_truncate ON search_queries;
--> statement-breakpoint
-- The purge: every frequent search offered so far was offered without the rule (no reader was counted), and the
-- searches that could never be offered are dropped.
DELETE FROM search_suggestions WHERE source = 1;
--> statement-breakpoint
DELETE FROM search_queries
WHERE char_length(term) > 60 OR term ~* '(^|\s)or(\s|$)|(^|\s)-\S|["&|!():*<>\\]';
