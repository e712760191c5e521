-- French full-text search: accents ignored (unaccent), French stemming and stop words (french_stem).
-- Created first because the generated search columns of the next migration depend on it.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION french_unaccent (COPY = french);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION french_unaccent
  ALTER MAPPING FOR hword, hword_part, word, asciiword, asciihword, hword_asciipart
  WITH unaccent, french_stem;
