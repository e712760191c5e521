CREATE TABLE "review_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"article_id" text NOT NULL,
	"author_id" integer,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_by_author_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "review_notes" ADD CONSTRAINT "review_notes_article_id_newsroom_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."newsroom_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_notes" ADD CONSTRAINT "review_notes_author_id_staff_members_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."staff_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_notes_article_idx" ON "review_notes" USING btree ("article_id","created_at");