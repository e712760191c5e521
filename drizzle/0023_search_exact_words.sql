-- Words as written, for ranking: the same stop words and accent folding as french_unaccent, no stemming, so that
-- « paie » and « paiement » (one stem, « pai ») are told apart. Hand-written: drizzle-kit does not model text
-- search configurations. No column or index uses it: the ranking parses the candidates' titles and summaries.
CREATE TEXT SEARCH CONFIGURATION french_exact (COPY = simple);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION french_exact
  ALTER MAPPING FOR hword, hword_part, word, asciiword, asciihword, hword_asciipart
  WITH french_stop_accented, unaccent, simple;
