-- Search at scale (issue 4: 100k news + 1M subscriber documents). Hand-written, like 0003: drizzle-kit does not
-- model text search dictionaries, functions, triggers or expression indexes.
--
-- 1. Accented stop words. french_unaccent ran unaccent before french_stem, whose stop list is accented: "été"
--    became "ete", no longer a stop word, and was indexed ("à" -> "a", "était" -> "etait" alike). A simple
--    dictionary holding the same French stop list now runs first, on the word as written: a stop word ends there,
--    any other word goes on (ACCEPT = false) to unaccent and the stemmer.
CREATE TEXT SEARCH DICTIONARY french_stop_accented (TEMPLATE = pg_catalog.simple, STOPWORDS = french, ACCEPT = false);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION french_unaccent
  ALTER MAPPING FOR hword, hword_part, word, asciiword, asciihword, hword_asciipart
  WITH french_stop_accented, unaccent, french_stem;
--> statement-breakpoint
-- The search vectors stay in their rows (STORAGE MAIN: compressed if possible, moved out only if the row would not
-- fit in a page) instead of going to TOAST tables as soon as a row passes 2 kB: every candidate of a search has its
-- vector tested and ranked, and an out-of-line vector costs an index lookup and several page reads each time
-- (measured: 5 buffer reads a news article). The long bodies go out of line instead; only snippets read them.
ALTER TABLE articles ALTER COLUMN search_vector SET STORAGE MAIN;
--> statement-breakpoint
ALTER TABLE subscriber_documents ALTER COLUMN search_vector SET STORAGE MAIN;
--> statement-breakpoint
-- Stored generated columns are recomputed by any update of their row: this rewrites every search vector with the
-- corrected configuration (and the new storage).
UPDATE articles SET title = title;
--> statement-breakpoint
UPDATE subscriber_documents SET titre_affichage = titre_affichage;
--> statement-breakpoint

-- 2. Facet filters read from indexes instead of testing every candidate row: subscriptions (and through them
--    jobs) and subjects of subscriber documents; topic and thematic labels of news, stored as text[] columns
--    generated from the jsonb tag lists (by this IMMUTABLE function; anything but an array has no label), so that
--    neither the filter nor the facet counts walk jsonb per candidate (tens of microseconds a row on PGlite).
CREATE INDEX subscriber_documents_abonnement_idx ON subscriber_documents USING gin (abonnement);
--> statement-breakpoint
CREATE INDEX subscriber_documents_matiere_idx ON subscriber_documents USING gin (matiere);
--> statement-breakpoint
CREATE FUNCTION search_tag_labels(tags jsonb) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT CASE WHEN jsonb_typeof(tags) = 'array'
    THEN ARRAY(SELECT t->>'label' FROM jsonb_array_elements(tags) t WHERE t->>'label' IS NOT NULL)
    ELSE '{}'::text[] END $$;
--> statement-breakpoint
ALTER TABLE articles ADD COLUMN topic_labels text[] GENERATED ALWAYS AS (search_tag_labels(topics)) STORED;
--> statement-breakpoint
ALTER TABLE articles ADD COLUMN thematic_labels text[] GENERATED ALWAYS AS (search_tag_labels(thematics)) STORED;
--> statement-breakpoint
CREATE INDEX articles_topic_labels_idx ON articles USING gin (topic_labels);
--> statement-breakpoint
CREATE INDEX articles_thematic_labels_idx ON articles USING gin (thematic_labels);
--> statement-breakpoint

-- 3. The lexeme dictionary: every lexeme of the search vectors with the number of news and of subscriber
--    documents holding it (ts_stat's ndoc, per corpus). It corrects misspelled words (trigram index) and tells
--    the engine how common a word is. Kept exact by statement-level triggers on both corpora, so the seed, the
--    import, the benchmark generator and any SQL write keep it in sync; a statement-level trigger aggregates a
--    bulk insert once instead of once a row.
CREATE TABLE search_lexemes (
  lexeme text PRIMARY KEY,
  articles integer NOT NULL DEFAULT 0,
  documents integer NOT NULL DEFAULT 0
);
--> statement-breakpoint
CREATE INDEX search_lexemes_trgm_idx ON search_lexemes USING gin (lexeme gin_trgm_ops);
--> statement-breakpoint
INSERT INTO search_lexemes (lexeme, articles, documents)
  SELECT coalesce(a.word, d.word), coalesce(a.ndoc, 0), coalesce(d.ndoc, 0)
  FROM ts_stat('SELECT search_vector FROM articles') a
  FULL JOIN ts_stat('SELECT search_vector FROM subscriber_documents') d ON d.word = a.word;
--> statement-breakpoint
-- TG_ARGV[0] names the counter of the table (articles or documents). Rows are locked in lexeme order so that two
-- concurrent writers cannot deadlock on the dictionary. Counts are changed by upserts (removed rows count
-- negatively) and emptied lexemes deleted by key (= ANY): no join whose plan would depend on statistics, which
-- transition tables lack (on a dictionary never analysed, a join plan took minutes for 20,000 deleted rows).
CREATE FUNCTION search_lexemes_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    EXECUTE format('UPDATE search_lexemes SET %1$I = 0 WHERE %1$I <> 0', TG_ARGV[0]);
    DELETE FROM search_lexemes WHERE articles = 0 AND documents = 0;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    EXECUTE format(
      'INSERT INTO search_lexemes AS l (lexeme, %1$I)
       SELECT lexeme, -count(*)::int FROM old_rows, unnest(search_vector) GROUP BY lexeme ORDER BY lexeme
       ON CONFLICT (lexeme) DO UPDATE SET %1$I = l.%1$I + excluded.%1$I', TG_ARGV[0]);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    EXECUTE format(
      'INSERT INTO search_lexemes AS l (lexeme, %1$I)
       SELECT lexeme, count(*)::int FROM new_rows, unnest(search_vector) GROUP BY lexeme ORDER BY lexeme
       ON CONFLICT (lexeme) DO UPDATE SET %1$I = l.%1$I + excluded.%1$I', TG_ARGV[0]);
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM search_lexemes
    WHERE lexeme = ANY (ARRAY(SELECT DISTINCT lexeme FROM old_rows, unnest(search_vector)))
      AND articles <= 0 AND documents <= 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER articles_lexemes_insert AFTER INSERT ON articles REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_lexemes_sync('articles');
--> statement-breakpoint
CREATE TRIGGER articles_lexemes_update AFTER UPDATE ON articles REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_lexemes_sync('articles');
--> statement-breakpoint
CREATE TRIGGER articles_lexemes_delete AFTER DELETE ON articles REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_lexemes_sync('articles');
--> statement-breakpoint
CREATE TRIGGER articles_lexemes_truncate AFTER TRUNCATE ON articles
  FOR EACH STATEMENT EXECUTE FUNCTION search_lexemes_sync('articles');
--> statement-breakpoint
CREATE TRIGGER subscriber_documents_lexemes_insert AFTER INSERT ON subscriber_documents REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_lexemes_sync('documents');
--> statement-breakpoint
CREATE TRIGGER subscriber_documents_lexemes_update AFTER UPDATE ON subscriber_documents
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_lexemes_sync('documents');
--> statement-breakpoint
CREATE TRIGGER subscriber_documents_lexemes_delete AFTER DELETE ON subscriber_documents REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_lexemes_sync('documents');
--> statement-breakpoint
CREATE TRIGGER subscriber_documents_lexemes_truncate AFTER TRUNCATE ON subscriber_documents
  FOR EACH STATEMENT EXECUTE FUNCTION search_lexemes_sync('documents');
--> statement-breakpoint

-- 4. Suggestion phrases: one row per distinct normalised phrase and source (1 frequent searches, weighted by
--    hits; 2 topic labels; 3 news titles, weighted by recency), read by prefix (B-tree on source and normalized
--    text with text_pattern_ops, so LIKE 'imp%' is an index range whatever the collation), by word
--    prefix (full-text index of the phrase's words, 'simple': no stemming) and, for typos only, by trigram
--    similarity. Kept in sync by triggers on the three tables it mirrors.
CREATE TABLE search_suggestions (
  source smallint NOT NULL,
  normalized text NOT NULL,
  value text NOT NULL,
  weight double precision NOT NULL DEFAULT 0,
  CONSTRAINT search_suggestions_source_normalized_pk PRIMARY KEY (source, normalized)
);
--> statement-breakpoint
CREATE INDEX search_suggestions_prefix_idx ON search_suggestions (source, normalized text_pattern_ops);
--> statement-breakpoint
CREATE INDEX search_suggestions_words_idx ON search_suggestions USING gin (to_tsvector('simple', normalized));
--> statement-breakpoint
CREATE INDEX search_suggestions_trgm_idx ON search_suggestions USING gin (normalized gin_trgm_ops);
--> statement-breakpoint
-- TG_ARGV: the source number, the phrase column, the weight expression (over the transition table's row r). A
-- phrase leaves when no row of its table carries it any more (phrases deleted by key, as in search_lexemes_sync).
CREATE FUNCTION search_suggestions_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM search_suggestions WHERE source = TG_ARGV[0]::smallint;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    EXECUTE format(
      'DELETE FROM search_suggestions s
       WHERE s.source = %1$s
         AND s.normalized = ANY (ARRAY(SELECT DISTINCT search_normalize(r.%2$I) FROM old_rows r))
         AND NOT EXISTS (SELECT 1 FROM %3$I t WHERE search_normalize(t.%2$I) = s.normalized)',
      TG_ARGV[0], TG_ARGV[1], TG_TABLE_NAME);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    EXECUTE format(
      'INSERT INTO search_suggestions AS s (source, normalized, value, weight)
       SELECT DISTINCT ON (search_normalize(r.%2$I)) %1$s, search_normalize(r.%2$I), r.%2$I, %3$s
       FROM new_rows r WHERE search_normalize(r.%2$I) <> %4$L
       ORDER BY search_normalize(r.%2$I), %3$s DESC
       ON CONFLICT (source, normalized) DO UPDATE SET value = excluded.value, weight = excluded.weight',
      TG_ARGV[0], TG_ARGV[1], TG_ARGV[2], '');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
INSERT INTO search_suggestions (source, normalized, value, weight)
  SELECT DISTINCT ON (search_normalize(term)) 1, search_normalize(term), term, hits FROM search_queries
  WHERE search_normalize(term) <> '' ORDER BY search_normalize(term), hits DESC;
--> statement-breakpoint
INSERT INTO search_suggestions (source, normalized, value, weight)
  SELECT DISTINCT ON (search_normalize(label)) 2, search_normalize(label), label, 0 FROM topics
  WHERE search_normalize(label) <> '' ORDER BY search_normalize(label);
--> statement-breakpoint
INSERT INTO search_suggestions (source, normalized, value, weight)
  SELECT DISTINCT ON (search_normalize(title)) 3, search_normalize(title), title, extract(epoch FROM publication_date)
  FROM articles WHERE search_normalize(title) <> ''
  ORDER BY search_normalize(title), publication_date DESC;
--> statement-breakpoint
CREATE TRIGGER search_queries_suggestions_insert AFTER INSERT ON search_queries REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_suggestions_sync('1', 'term', 'r.hits');
--> statement-breakpoint
CREATE TRIGGER search_queries_suggestions_update AFTER UPDATE ON search_queries
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_suggestions_sync('1', 'term', 'r.hits');
--> statement-breakpoint
CREATE TRIGGER search_queries_suggestions_delete AFTER DELETE ON search_queries REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_suggestions_sync('1', 'term', 'r.hits');
--> statement-breakpoint
CREATE TRIGGER search_queries_suggestions_truncate AFTER TRUNCATE ON search_queries
  FOR EACH STATEMENT EXECUTE FUNCTION search_suggestions_sync('1', 'term', 'r.hits');
--> statement-breakpoint
CREATE TRIGGER topics_suggestions_insert AFTER INSERT ON topics REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_suggestions_sync('2', 'label', '0::float8');
--> statement-breakpoint
CREATE TRIGGER topics_suggestions_update AFTER UPDATE ON topics REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_suggestions_sync('2', 'label', '0::float8');
--> statement-breakpoint
CREATE TRIGGER topics_suggestions_delete AFTER DELETE ON topics REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_suggestions_sync('2', 'label', '0::float8');
--> statement-breakpoint
CREATE TRIGGER topics_suggestions_truncate AFTER TRUNCATE ON topics
  FOR EACH STATEMENT EXECUTE FUNCTION search_suggestions_sync('2', 'label', '0::float8');
--> statement-breakpoint
CREATE TRIGGER articles_suggestions_insert AFTER INSERT ON articles REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_suggestions_sync('3', 'title', 'extract(epoch from r.publication_date)');
--> statement-breakpoint
CREATE TRIGGER articles_suggestions_update AFTER UPDATE ON articles REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_suggestions_sync('3', 'title', 'extract(epoch from r.publication_date)');
--> statement-breakpoint
CREATE TRIGGER articles_suggestions_delete AFTER DELETE ON articles REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_suggestions_sync('3', 'title', 'extract(epoch from r.publication_date)');
--> statement-breakpoint
CREATE TRIGGER articles_suggestions_truncate AFTER TRUNCATE ON articles
  FOR EACH STATEMENT EXECUTE FUNCTION search_suggestions_sync('3', 'title', 'extract(epoch from r.publication_date)');
