-- Search at 1.1M documents (issue 15 item 8). Hand-written around drizzle-kit's two CREATE INDEX (functions and
-- storage are not modelled by drizzle-kit).
--
-- 1. Facet values as lexemes. A search reads the newest matches of its term (the candidates): over a million
--    documents the GIN bitmap of a very common word holds 200,000 postings (60 ms) before it is ANDed with the
--    date window, and walking the window tests thousands of rows. These functions give each row a few lexemes
--    that no text can produce (the parser never keeps '#'): its year and month ('#y2026', '#d202611', in Paris
--    time for news), its document type ('#t…'), subjects ('#m…'), subscriptions ('#a…') and the daily's themes
--    ('#h…'). Indexed
--    together with the text, a query such as impot & ('#d202610' | '#d202611') & '#mFiscal' is answered inside
--    one GIN scan, which skips through the word's long posting list to the few months' rows (GIN's scan
--    advances the frequent entries to the rare ones' items) instead of reading it whole.
--    PL/pgSQL, IMMUTABLE (the month of a date or of a Paris-time timestamp never changes): used by the indexes.
CREATE FUNCTION search_document_facets(day date, document_type text, subjects text[], subscriptions text[])
  RETURNS tsvector LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
  AS $$
DECLARE
  lexemes text[] := ARRAY['#t' || coalesce(document_type, '')];
BEGIN
  IF day IS NOT NULL THEN
    lexemes := lexemes || ('#y' || extract(year FROM day)::int)
      || ('#d' || (extract(year FROM day)::int * 100 + extract(month FROM day)::int));
  END IF;
  lexemes := lexemes || ARRAY(SELECT '#m' || x FROM unnest(subjects) x WHERE x IS NOT NULL)
    || ARRAY(SELECT '#a' || x FROM unnest(subscriptions) x WHERE x IS NOT NULL);
  RETURN array_to_tsvector(lexemes);
END $$;
--> statement-breakpoint
CREATE FUNCTION search_news_facets(published timestamptz, enriched_news_id text, subjects text[], themes text[])
  RETURNS tsvector LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
  AS $$
DECLARE
  lexemes text[] := ARRAY['#t' || CASE WHEN enriched_news_id IS NULL THEN 'actualite' ELSE 'actualite-enrichie' END];
  day timestamp := published AT TIME ZONE 'Europe/Paris';
BEGIN
  IF day IS NOT NULL THEN
    lexemes := lexemes || ('#y' || extract(year FROM day)::int)
      || ('#d' || (extract(year FROM day)::int * 100 + extract(month FROM day)::int));
  END IF;
  lexemes := lexemes || ARRAY(SELECT '#m' || x FROM unnest(subjects) x WHERE x IS NOT NULL)
    || ARRAY(SELECT '#h' || x FROM unnest(themes) x WHERE x IS NOT NULL);
  RETURN array_to_tsvector(lexemes);
END $$;
--> statement-breakpoint
CREATE INDEX "articles_facet_search_idx" ON "articles" USING gin ((search_vector || search_news_facets(publication_date, enriched_news_id, topic_labels, thematic_labels)));--> statement-breakpoint
CREATE INDEX "subscriber_documents_facet_search_idx" ON "subscriber_documents" USING gin ((search_vector || search_document_facets(date_resultat, type_document, matiere, abonnement)));--> statement-breakpoint
-- 2. The news columns read for every candidate stay in their rows. A news row holds its two search vectors in
--    line (STORAGE MAIN, migrations 0004 and 0008), so the toaster moved every other column of a long row out of
--    line, down to the label arrays: counting the facets of 1,000 news candidates read 4,000 TOAST pages. MAIN
--    keeps them in the row (out of line only if the row would not fit in a page). Rows written from now on follow
--    it; existing rows move back when rewritten: `VACUUM FULL articles` then `VACUUM ANALYZE articles` (out of a
--    transaction, so not here; docs/SEARCH.md). A rewrite here would lock `articles` during the deploy and leave
--    its visibility map empty, which the window bounds' index-only scans need.
ALTER TABLE articles ALTER COLUMN topic_labels SET STORAGE MAIN, ALTER COLUMN thematic_labels SET STORAGE MAIN,
  ALTER COLUMN title SET STORAGE MAIN, ALTER COLUMN summary SET STORAGE MAIN, ALTER COLUMN slug SET STORAGE MAIN;
--> statement-breakpoint
ANALYZE articles;
--> statement-breakpoint
ANALYZE subscriber_documents;
