ALTER TABLE "newsroom_articles" ADD COLUMN "title_search" text GENERATED ALWAYS AS (search_normalize(title)) STORED;--> statement-breakpoint
ALTER TABLE "newsroom_articles" ADD COLUMN "author_search" text GENERATED ALWAYS AS (search_normalize(author)) STORED;--> statement-breakpoint
-- Hand-written (newsroom-perf, issue 14): the list's title and byline filters use trigrams on the stored columns
-- above; the expression indexes of 0007 (search_normalize at every recheck) are replaced.
CREATE INDEX "newsroom_articles_title_search_idx" ON "newsroom_articles" USING gin ("title_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "newsroom_articles_author_search_idx" ON "newsroom_articles" USING gin ("author_search" gin_trgm_ops);--> statement-breakpoint
DROP INDEX "newsroom_articles_title_trgm_idx";--> statement-breakpoint
DROP INDEX "newsroom_articles_author_trgm_idx";
