-- The articles' title and summary alone, in grams as news_grams holds all three fields: the
-- search scores in full only the articles whose title or summary holds a short keyword (found
-- here), and ranks the rest, which hold it in the body alone, by the body's length without
-- searching their title and summary again (search/ranked-search.ts, `headGrams`).
CREATE INDEX "news_head_grams" ON "news_articles" USING gin (search_grams("title" || E'\x01' || "summary"));--> statement-breakpoint
-- Without statistics, as news_grams (migration 0055): the planner then reads the index.
ALTER INDEX "news_head_grams" ALTER COLUMN 1 SET STATISTICS 0;
