CREATE TABLE "api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"prefix" text NOT NULL,
	"secret_hash" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_keys_role_check" CHECK ("api_keys"."role" in ('redacteur', 'editeur', 'administrateur'))
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_kind" text NOT NULL,
	"staff_id" integer,
	"api_key_id" integer,
	"actor_name" text,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"address" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"content_type" text NOT NULL,
	"name" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"alt" text,
	"sha256" text NOT NULL,
	"variants" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_files" (
	"media_id" integer NOT NULL,
	"key" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "media_files_media_id_key_pk" PRIMARY KEY("media_id","key")
);
--> statement-breakpoint
CREATE TABLE "newsroom_articles" (
	"id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"published_version" integer,
	"document" jsonb NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"enriched_news_id" text,
	"author" text,
	"topic_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"publication_date" timestamp with time zone,
	"scheduled_at" timestamp with time zone,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsroom_articles_status_check" CHECK ("newsroom_articles"."status" in ('draft', 'in_review', 'scheduled', 'published', 'unpublished'))
);
--> statement-breakpoint
CREATE TABLE "newsroom_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"article_id" text NOT NULL,
	"number" integer NOT NULL,
	"action" text NOT NULL,
	"document" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"password_hash" text,
	"active" boolean DEFAULT true NOT NULL,
	"totp_secret" text,
	"totp_enabled_at" timestamp with time zone,
	"totp_last_step" integer,
	"invitation_token_hash" text,
	"invitation_expires_at" timestamp with time zone,
	"last_sign_in_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_members_role_check" CHECK ("staff_members"."role" in ('redacteur', 'editeur', 'administrateur'))
);
--> statement-breakpoint
CREATE TABLE "staff_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"address" text DEFAULT 'unknown' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_staff_members_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_created_by_staff_members_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_files" ADD CONSTRAINT "media_files_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsroom_articles" ADD CONSTRAINT "newsroom_articles_created_by_staff_members_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsroom_articles" ADD CONSTRAINT "newsroom_articles_updated_by_staff_members_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsroom_revisions" ADD CONSTRAINT "newsroom_revisions_article_id_newsroom_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."newsroom_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsroom_revisions" ADD CONSTRAINT "newsroom_revisions_created_by_staff_members_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_secret_idx" ON "api_keys" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_staff_idx" ON "audit_log" USING btree ("staff_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "newsroom_articles_updated_idx" ON "newsroom_articles" USING btree ("updated_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "newsroom_articles_status_idx" ON "newsroom_articles" USING btree ("status","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "newsroom_articles_type_idx" ON "newsroom_articles" USING btree ("type","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "newsroom_articles_created_by_idx" ON "newsroom_articles" USING btree ("created_by","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "newsroom_articles_topic_ids_idx" ON "newsroom_articles" USING gin ("topic_ids");--> statement-breakpoint
CREATE INDEX "newsroom_articles_scheduled_idx" ON "newsroom_articles" USING btree ("scheduled_at") WHERE "newsroom_articles"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "newsroom_articles_enriched_idx" ON "newsroom_articles" USING btree ("enriched_news_id");--> statement-breakpoint
CREATE UNIQUE INDEX "newsroom_revisions_article_number_idx" ON "newsroom_revisions" USING btree ("article_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_members_email_idx" ON "staff_members" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_members_invitation_idx" ON "staff_members" USING btree ("invitation_token_hash");--> statement-breakpoint
CREATE INDEX "staff_sessions_staff_idx" ON "staff_sessions" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "staff_sessions_expires_idx" ON "staff_sessions" USING btree ("expires_at");--> statement-breakpoint
-- Hand-written (issue 14). The newsroom list's text filters: words of the title and of the byline, matched with
-- trigrams on the same normalisation as the site's search (search_normalize, migration 0003).
CREATE INDEX "newsroom_articles_title_trgm_idx" ON "newsroom_articles" USING gin (search_normalize("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "newsroom_articles_author_trgm_idx" ON "newsroom_articles" USING gin (search_normalize("author") gin_trgm_ops);--> statement-breakpoint
-- The audit log is append-only: no statement may change or remove its rows.
CREATE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE OR TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();--> statement-breakpoint
-- An ISO 8601 UTC timestamp as the article schema reads it (2024-03-15T08:00:00.000Z).
CREATE FUNCTION newsroom_iso(value timestamptz) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT to_char(value AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;--> statement-breakpoint
-- The images of a public row (camelCase) in the article schema's shape (snake_case).
CREATE FUNCTION newsroom_image_documents(images jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(jsonb_agg(jsonb_strip_nulls(jsonb_build_object(
    'content_type', i->'contentType', 'href', i->'href', 'image_name', coalesce(i->'imageName', '""'::jsonb),
    'source', i->'source', 'legend', i->'legend', 'alt', i->'alt', 'width', i->'width', 'height', i->'height'
  )) ORDER BY position), '[]'::jsonb)
  FROM jsonb_array_elements(images) WITH ORDINALITY AS e(i, position)
$$;--> statement-breakpoint
-- A public article (and its sections) as the newsroom's document: the inverse of toArticleRows
-- (src/server/content/article-input.ts). Used to adopt articles written by the import or the seed.
CREATE FUNCTION newsroom_document(a articles) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_strip_nulls(jsonb_build_object(
    'id', a.id, 'type', a.type, 'title', a.title, 'summary', a.summary, 'slug', a.slug,
    'topics', a.topics, 'thematics', a.thematics, 'images', newsroom_image_documents(a.images),
    'author', a.author, 'author_function', a.author_function,
    'publication_date', newsroom_iso(a.publication_date), 'update_date', newsroom_iso(a.update_date),
    'enriched_news_id', a.enriched_news_id, 'format', a.format, 'trades', to_jsonb(a.trades),
    'attachments', a.attachments, 'view', a.body_html, 'source', a.source, 'paywalled', a.paywalled,
    'event_date', a.event_date::text, 'simulator_url', a.simulator_url,
    'sections', (
      SELECT coalesce(jsonb_agg(jsonb_strip_nulls(jsonb_build_object(
        'id', s.id, 'title', s.title, 'summary', s.summary, 'images', newsroom_image_documents(s.images),
        'section_type', s.section_type, 'publication_date', newsroom_iso(s.publication_date),
        'topics', s.topics, 'thematics', s.thematics, 'view', s.body_html
      )) ORDER BY s.position), '[]'::jsonb)
      FROM article_sections s WHERE s.article_id = a.id
    )
  )) || jsonb_build_object('additionalProperties', a.additional_properties)
$$;--> statement-breakpoint
-- Gives the newsroom a copy of every public article it does not have yet, as published version 1. Its first
-- revision is written at its first save in the newsroom (keeping 100,000 imported articles cheap).
CREATE FUNCTION newsroom_adopt_public_articles() RETURNS integer LANGUAGE sql AS $$
  WITH adopted AS (
    INSERT INTO newsroom_articles (id, status, version, published_version, document, type, title, slug,
      enriched_news_id, author, topic_ids, publication_date, created_at, updated_at)
    SELECT a.id, 'published', 1, 1, newsroom_document(a), a.type, a.title, a.slug, a.enriched_news_id, a.author,
      a.topic_ids, a.publication_date, a.created_at, a.updated_at
    FROM articles a
    WHERE NOT EXISTS (SELECT 1 FROM newsroom_articles n WHERE n.id = a.id)
    RETURNING 1
  )
  SELECT count(*)::integer FROM adopted
$$;--> statement-breakpoint
SELECT newsroom_adopt_public_articles();
