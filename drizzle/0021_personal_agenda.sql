CREATE TABLE "agenda_deadline_dates" (
	"article_id" text PRIMARY KEY NOT NULL,
	"event_date" date NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agenda_profiles" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"trades" text[] DEFAULT '{}'::text[] NOT NULL,
	"size_band" text,
	"vat_regime" text,
	"tax_regime" text,
	"email_reminders" boolean DEFAULT false NOT NULL,
	"reminded_on" date,
	"feed_token_hash" text,
	"feed_created_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agenda_profiles" ADD CONSTRAINT "agenda_profiles_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agenda_profiles_feed_token_idx" ON "agenda_profiles" USING btree ("feed_token_hash");