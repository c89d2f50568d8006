-- Search by a keyword of one or two characters (焦虑, 抑郁, 睡眠), which pg_trgm cannot index (it
-- has no trigram): its LIKE read every article's body and every post. A gram index holds each
-- character and each pair of neighbouring characters of the searched fields, in lower case (the
-- case ILIKE folds with); a keyword that short is in a field exactly when it is one of them, so
-- the index answers the filter alone (`@>` on a GIN array index is not rechecked). U+0001 joins
-- the fields, and no gram holds it, so no pair spans two fields (lib/search-rank.ts,
-- `searchGrams`). The characters are walked once (`lead` over them in order): an array
-- subscript per character walks the text from its start, which took 34 ms an article.
CREATE FUNCTION search_grams(t text) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE COST 10000 AS $$
  SELECT array(
    SELECT g FROM (
      SELECT c, lead(c) OVER (ORDER BY n) AS next
      FROM unnest(string_to_array(lower(t), NULL)) WITH ORDINALITY AS chars(c, n)
    ) pairs, LATERAL (VALUES (c), (c || next)) AS grams(g)
    WHERE g IS NOT NULL AND strpos(g, E'\x01') = 0
  )
$$;--> statement-breakpoint
CREATE INDEX "news_grams" ON "news_articles" USING gin (search_grams("title" || E'\x01' || "summary" || E'\x01' || "body_text"));--> statement-breakpoint
CREATE INDEX "tweets_grams" ON "tweets" USING gin (search_grams("content"));--> statement-breakpoint
-- No statistics for the two expressions: ANALYZE would compute the grams of every sampled row
-- (4.5 s for 5,000 articles), and with them the planner reads a word most articles hold (焦虑)
-- by a scan that computes every article's grams again (seconds) instead of from the index. Without
-- them it takes the filter as selective and reads the index (3 ms for those 5,000 articles).
ALTER INDEX "news_grams" ALTER COLUMN 1 SET STATISTICS 0;--> statement-breakpoint
ALTER INDEX "tweets_grams" ALTER COLUMN 1 SET STATISTICS 0;
