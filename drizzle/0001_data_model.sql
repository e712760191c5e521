CREATE TABLE "article_sections" (
	"id" text PRIMARY KEY NOT NULL,
	"article_id" text NOT NULL,
	"position" smallint NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"section_type" text DEFAULT 'section' NOT NULL,
	"body_html" text DEFAULT '' NOT NULL,
	"publication_date" timestamp with time zone,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"topics" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"thematics" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"body_html" text DEFAULT '' NOT NULL,
	"body_text" text DEFAULT '' NOT NULL,
	"source" text,
	"format" text,
	"author" text,
	"author_function" text,
	"publication_date" timestamp with time zone NOT NULL,
	"update_date" timestamp with time zone,
	"enriched_news_id" text,
	"paywalled" boolean DEFAULT false NOT NULL,
	"event_date" date,
	"simulator_url" text,
	"topics" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"thematics" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"topic_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"trades" text[] DEFAULT '{}'::text[] NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"additional_properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('french_unaccent', coalesce(title, '')), 'A') || setweight(to_tsvector('french_unaccent', coalesce(summary, '')), 'B') || setweight(to_tsvector('french_unaccent', coalesce(body_text, '')), 'C')) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" text PRIMARY KEY NOT NULL,
	"alt" text NOT NULL,
	"on_click" text NOT NULL,
	"desktop_url" text NOT NULL,
	"desktop_width" integer NOT NULL,
	"desktop_height" integer NOT NULL,
	"mobile_url" text NOT NULL,
	"mobile_width" integer NOT NULL,
	"mobile_height" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"civility" smallint NOT NULL,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"function" text NOT NULL,
	"optin" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_issue_articles" (
	"issue_id" integer NOT NULL,
	"article_id" text NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "daily_issue_articles_issue_id_position_pk" PRIMARY KEY("issue_id","position")
);
--> statement-breakpoint
CREATE TABLE "daily_issues" (
	"id" serial PRIMARY KEY NOT NULL,
	"issue_name" text NOT NULL,
	"publication_date" date NOT NULL,
	"comite_redaction" text DEFAULT '' NOT NULL,
	"redacteur_chef" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"slug" text NOT NULL,
	"parent_id" text,
	"eshop_id" text,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memento_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"sku" text NOT NULL,
	"label" text NOT NULL,
	"kind" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscribers" (
	"email" text PRIMARY KEY NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"subscribed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unsubscribed_at" timestamp with time zone,
	"source" text DEFAULT 'site' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_mappings" (
	"job" text NOT NULL,
	"subject" text NOT NULL,
	"product_code" text NOT NULL,
	"product_label" text NOT NULL,
	CONSTRAINT "product_mappings_job_subject_product_code_pk" PRIMARY KEY("job","subject","product_code")
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_products" (
	"sku" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"image_url" text NOT NULL,
	"product_url" text NOT NULL,
	"add_to_cart_url" text NOT NULL,
	"hook_phrase" text DEFAULT '' NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"discount_label" text,
	"promo_label" text,
	"final_price" numeric(10, 2) NOT NULL,
	"original_price" numeric(10, 2),
	"sp_to_date" date,
	"trades" text[] DEFAULT '{}'::text[] NOT NULL,
	"subjects" text[] DEFAULT '{}'::text[] NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "solutions" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"link" text NOT NULL,
	"color" text NOT NULL,
	"trades" text[] DEFAULT '{}'::text[] NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriber_documents" (
	"id" text PRIMARY KEY NOT NULL,
	"enriched_news_id" text,
	"titre_affichage" text NOT NULL,
	"micro_contenu" text DEFAULT '' NOT NULL,
	"texte" text DEFAULT '' NOT NULL,
	"matiere" text[] DEFAULT '{}'::text[] NOT NULL,
	"theme_zapette" text[] DEFAULT '{}'::text[] NOT NULL,
	"date_resultat" date NOT NULL,
	"type_document" text NOT NULL,
	"type_ur" text NOT NULL,
	"ur_id" text NOT NULL,
	"abonnement" text[] DEFAULT '{}'::text[] NOT NULL,
	"titre_ouvrage" text DEFAULT '' NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('french_unaccent', coalesce(titre_affichage, '')), 'A') || setweight(to_tsvector('french_unaccent', coalesce(micro_contenu, '')), 'B') || setweight(to_tsvector('french_unaccent', coalesce(texte, '')), 'C')) STORED
);
--> statement-breakpoint
CREATE TABLE "topics" (
	"id" text PRIMARY KEY NOT NULL,
	"short_id" text NOT NULL,
	"label" text NOT NULL,
	"slug" text NOT NULL,
	"parent_id" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"short_label" text,
	"explanation" text
);
--> statement-breakpoint
CREATE TABLE "trades" (
	"id" text PRIMARY KEY NOT NULL,
	"short_id" text NOT NULL,
	"label" text NOT NULL,
	"label_short" text NOT NULL,
	"slug" text NOT NULL,
	"eshop_id" text,
	"link" text,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "white_papers" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"img_url" text NOT NULL,
	"page_url" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "article_sections" ADD CONSTRAINT "article_sections_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_issue_articles" ADD CONSTRAINT "daily_issue_articles_issue_id_daily_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."daily_issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_issue_articles" ADD CONSTRAINT "daily_issue_articles_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_parent_id_jobs_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topics" ADD CONSTRAINT "topics_parent_id_topics_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."topics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "article_sections_article_position_idx" ON "article_sections" USING btree ("article_id","position");--> statement-breakpoint
CREATE INDEX "articles_publication_idx" ON "articles" USING btree ("publication_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "articles_type_publication_idx" ON "articles" USING btree ("type","publication_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "articles_topic_ids_idx" ON "articles" USING gin ("topic_ids");--> statement-breakpoint
CREATE INDEX "articles_trades_idx" ON "articles" USING gin ("trades");--> statement-breakpoint
CREATE INDEX "articles_event_date_idx" ON "articles" USING btree ("event_date");--> statement-breakpoint
CREATE UNIQUE INDEX "articles_enriched_news_id_idx" ON "articles" USING btree ("enriched_news_id");--> statement-breakpoint
CREATE INDEX "articles_search_idx" ON "articles" USING gin ("search_vector");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_email_idx" ON "customers" USING btree ("email");--> statement-breakpoint
CREATE INDEX "daily_issue_articles_article_idx" ON "daily_issue_articles" USING btree ("article_id");--> statement-breakpoint
CREATE UNIQUE INDEX "daily_issues_publication_idx" ON "daily_issues" USING btree ("publication_date");--> statement-breakpoint
CREATE INDEX "jobs_parent_idx" ON "jobs" USING btree ("parent_id","sort_order");--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_active_idx" ON "newsletter_subscribers" USING btree ("active");--> statement-breakpoint
CREATE INDEX "product_mappings_code_idx" ON "product_mappings" USING btree ("product_code");--> statement-breakpoint
CREATE INDEX "sessions_customer_idx" ON "sessions" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "shop_products_categories_idx" ON "shop_products" USING gin ("categories");--> statement-breakpoint
CREATE INDEX "shop_products_trades_idx" ON "shop_products" USING gin ("trades");--> statement-breakpoint
CREATE INDEX "shop_products_subjects_idx" ON "shop_products" USING gin ("subjects");--> statement-breakpoint
CREATE INDEX "subscriber_documents_date_idx" ON "subscriber_documents" USING btree ("date_resultat" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "subscriber_documents_type_idx" ON "subscriber_documents" USING btree ("type_document");--> statement-breakpoint
CREATE INDEX "subscriber_documents_search_idx" ON "subscriber_documents" USING gin ("search_vector");--> statement-breakpoint
CREATE UNIQUE INDEX "topics_short_id_idx" ON "topics" USING btree ("short_id");--> statement-breakpoint
CREATE INDEX "topics_parent_idx" ON "topics" USING btree ("parent_id","sort_order");--> statement-breakpoint
CREATE INDEX "topics_slug_idx" ON "topics" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "trades_slug_idx" ON "trades" USING btree ("slug");