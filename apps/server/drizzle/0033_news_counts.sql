-- 资讯管理: all articles by stored state (row_counts, 0032). 定时 and 已发布 are both the state
-- `published`, split by the clock when read (the few articles still ahead, by news_public_idx).
CREATE TRIGGER news_articles_count_insert AFTER INSERT ON news_articles REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION row_counts_add('state::text');
--> statement-breakpoint
CREATE TRIGGER news_articles_count_update AFTER UPDATE ON news_articles REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION row_counts_add('state::text');
--> statement-breakpoint
CREATE TRIGGER news_articles_count_delete AFTER DELETE ON news_articles REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION row_counts_add('state::text');
--> statement-breakpoint
CREATE TRIGGER news_articles_count_truncate AFTER TRUNCATE ON news_articles
  FOR EACH STATEMENT EXECUTE FUNCTION row_counts_clear();
--> statement-breakpoint
LOCK TABLE news_articles IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
INSERT INTO row_counts (table_name, key, n)
  SELECT 'news_articles', state::text, count(*) FROM news_articles GROUP BY 2;
