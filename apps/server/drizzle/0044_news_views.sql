-- An article's readings in a table of their own: a reading no longer updates the article (its
-- catalogue notice dropped the cached news list and search at every reading; its kept counts by
-- state were worked out again). The public lists' indexes ascending, so that the lists' DESC
-- orders read them backwards: an index declared DESC sorts NULLS LAST, which ORDER BY … DESC
-- (NULLS FIRST) does not match, so the planner sorted the whole table instead.
CREATE TABLE "news_views" (
	"article_id" integer PRIMARY KEY NOT NULL,
	"views" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "news_public_idx";--> statement-breakpoint
DROP INDEX "news_category_idx";--> statement-breakpoint
DROP INDEX "tweets_feed_idx";--> statement-breakpoint
DROP INDEX "tweets_expert_idx";--> statement-breakpoint
ALTER TABLE "news_views" ADD CONSTRAINT "news_views_article_id_news_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."news_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "news_list_idx" ON "news_articles" USING btree ("state","pinned","publish_at","id");--> statement-breakpoint
CREATE INDEX "news_public_idx" ON "news_articles" USING btree ("state","publish_at","id");--> statement-breakpoint
CREATE INDEX "news_category_idx" ON "news_articles" USING btree ("category","state","pinned","publish_at","id");--> statement-breakpoint
CREATE INDEX "tweets_feed_idx" ON "tweets" USING btree ("status","published_at","id");--> statement-breakpoint
CREATE INDEX "tweets_expert_idx" ON "tweets" USING btree ("expert_id","status","published_at","id");--> statement-breakpoint
-- Every reading counted so far moves with its article.
INSERT INTO "news_views" ("article_id", "views") SELECT "id", "views" FROM "news_articles" WHERE "views" > 0;--> statement-breakpoint
ALTER TABLE "news_articles" DROP COLUMN "views";