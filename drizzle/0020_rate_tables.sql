CREATE TABLE "rate_table_follows" (
	"customer_id" integer NOT NULL,
	"table_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rate_table_follows_customer_id_table_id_pk" PRIMARY KEY("customer_id","table_id")
);
--> statement-breakpoint
CREATE TABLE "rate_table_versions" (
	"table_id" text NOT NULL,
	"effective_from" date NOT NULL,
	"source" text NOT NULL,
	"rows" jsonb NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" integer,
	CONSTRAINT "rate_table_versions_table_id_effective_from_pk" PRIMARY KEY("table_id","effective_from")
);
--> statement-breakpoint
CREATE TABLE "rate_tables" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"topic" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"columns" jsonb NOT NULL,
	"chart_column" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rate_table_follows" ADD CONSTRAINT "rate_table_follows_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_table_follows" ADD CONSTRAINT "rate_table_follows_table_id_rate_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."rate_tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_table_versions" ADD CONSTRAINT "rate_table_versions_table_id_rate_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."rate_tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_table_versions" ADD CONSTRAINT "rate_table_versions_published_by_staff_members_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."staff_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rate_table_follows_table_idx" ON "rate_table_follows" USING btree ("table_id");