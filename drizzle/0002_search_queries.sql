CREATE TABLE "search_queries" (
	"normalized" text PRIMARY KEY NOT NULL,
	"term" text NOT NULL,
	"hits" integer DEFAULT 1 NOT NULL,
	"last_searched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_queries_hits_idx" ON "search_queries" USING btree ("hits" DESC NULLS LAST);