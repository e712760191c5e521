-- Search: an immutable normalisation (lower case, accents removed, spaces collapsed) usable in indexes, and
-- trigram indexes on normalised titles for the suggestions and the misspelling fallback (pg_trgm, migration 0000).
-- unaccent() itself is only STABLE; naming the dictionary makes this wrapper safe to declare IMMUTABLE.
CREATE FUNCTION search_normalize(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT btrim(regexp_replace(lower(public.unaccent('public.unaccent'::regdictionary, value)), '\s+', ' ', 'g')) $$;
--> statement-breakpoint
CREATE INDEX "articles_title_trgm_idx" ON "articles" USING gin (search_normalize("title") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "subscriber_documents_title_trgm_idx" ON "subscriber_documents" USING gin (search_normalize("titre_affichage") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "search_queries_trgm_idx" ON "search_queries" USING gin ("normalized" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "topics_label_trgm_idx" ON "topics" USING gin (search_normalize("label") gin_trgm_ops);
