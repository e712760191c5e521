CREATE TABLE "article_bin" (
	"article_id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"status" text NOT NULL,
	"version" integer NOT NULL,
	"document" jsonb NOT NULL,
	"revisions" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted_by" integer,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "article_bin" ADD CONSTRAINT "article_bin_created_by_staff_members_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_bin" ADD CONSTRAINT "article_bin_updated_by_staff_members_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_bin" ADD CONSTRAINT "article_bin_deleted_by_staff_members_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."staff_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_bin_deleted_idx" ON "article_bin" USING btree ("deleted_at" DESC NULLS LAST);