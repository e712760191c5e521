CREATE TABLE "article_updates" (
	"id" serial PRIMARY KEY NOT NULL,
	"article_id" text NOT NULL,
	"note" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"from_revision" integer NOT NULL,
	"to_revision" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_update_email_opt_outs" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_update_email_opt_outs" ADD CONSTRAINT "saved_update_email_opt_outs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_updates_article_idx" ON "article_updates" USING btree ("article_id","updated_at" DESC NULLS LAST);