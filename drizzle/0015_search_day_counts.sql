-- Search windows at 1.1M documents (issue 15 item 8, decision 051). A very common or common term reads a window of
-- each corpus's newest rows, sized in rows (cost-planning.ts); its lower date was read from the date index, an
-- index-only scan of the window's every date: 57,000 dates (16 ms) for `impôt` with a broad subject, 200,000
-- (45 ms) for a mid-frequency word with two facets. This table holds the rows of each corpus per day (a news's
-- day of publication in Paris time, a document's date_resultat), so the bound is the newest day from which the
-- running count reaches the window: a few hundred small rows read newest first, whatever the window's size.
CREATE TABLE "search_day_counts" (
	"corpus" text NOT NULL,
	"day" date NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "search_day_counts_corpus_day_pk" PRIMARY KEY("corpus","day")
);
--> statement-breakpoint
INSERT INTO search_day_counts (corpus, day, rows)
  SELECT 'articles', (publication_date AT TIME ZONE 'Europe/Paris')::date, count(*)::int FROM articles GROUP BY 2;
--> statement-breakpoint
INSERT INTO search_day_counts (corpus, day, rows)
  SELECT 'documents', date_resultat, count(*)::int FROM subscriber_documents GROUP BY 2;
--> statement-breakpoint
-- Kept exact as search_lexemes is (migration 0004): statement-level triggers with transition tables, so a bulk
-- insert is aggregated once; TG_ARGV[0] names the corpus. An update that moves no row to another day writes
-- nothing (the removed and added rows cancel out per day); days are locked in order (no deadlock between two
-- writers), and emptied days deleted by key.
CREATE FUNCTION search_day_counts_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  day_of text := CASE TG_ARGV[0]
    WHEN 'articles' THEN '(publication_date AT TIME ZONE ''Europe/Paris'')::date'
    ELSE 'date_resultat' END;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM search_day_counts WHERE corpus = TG_ARGV[0];
    RETURN NULL;
  END IF;
  EXECUTE format(
    'INSERT INTO search_day_counts AS c (corpus, day, rows)
     SELECT %1$L, day, sum(n)::int FROM (%2$s) changes GROUP BY day HAVING sum(n) <> 0 ORDER BY day
     ON CONFLICT (corpus, day) DO UPDATE SET rows = c.rows + excluded.rows',
    TG_ARGV[0],
    CASE TG_OP
      WHEN 'INSERT' THEN format('SELECT %s AS day, 1 AS n FROM new_rows', day_of)
      WHEN 'DELETE' THEN format('SELECT %s AS day, -1 AS n FROM old_rows', day_of)
      ELSE format('SELECT %1$s AS day, -1 AS n FROM old_rows UNION ALL SELECT %1$s, 1 FROM new_rows', day_of)
    END);
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    EXECUTE format(
      'DELETE FROM search_day_counts WHERE corpus = %1$L AND rows <= 0
         AND day = ANY (ARRAY(SELECT DISTINCT %2$s FROM old_rows))', TG_ARGV[0], day_of);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER articles_day_counts_insert AFTER INSERT ON articles REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_day_counts_sync('articles');
--> statement-breakpoint
CREATE TRIGGER articles_day_counts_update AFTER UPDATE ON articles REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_day_counts_sync('articles');
--> statement-breakpoint
CREATE TRIGGER articles_day_counts_delete AFTER DELETE ON articles REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_day_counts_sync('articles');
--> statement-breakpoint
CREATE TRIGGER articles_day_counts_truncate AFTER TRUNCATE ON articles
  FOR EACH STATEMENT EXECUTE FUNCTION search_day_counts_sync('articles');
--> statement-breakpoint
CREATE TRIGGER subscriber_documents_day_counts_insert AFTER INSERT ON subscriber_documents REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_day_counts_sync('documents');
--> statement-breakpoint
CREATE TRIGGER subscriber_documents_day_counts_update AFTER UPDATE ON subscriber_documents
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_day_counts_sync('documents');
--> statement-breakpoint
CREATE TRIGGER subscriber_documents_day_counts_delete AFTER DELETE ON subscriber_documents REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_day_counts_sync('documents');
--> statement-breakpoint
CREATE TRIGGER subscriber_documents_day_counts_truncate AFTER TRUNCATE ON subscriber_documents
  FOR EACH STATEMENT EXECUTE FUNCTION search_day_counts_sync('documents');
--> statement-breakpoint
ANALYZE search_day_counts;
