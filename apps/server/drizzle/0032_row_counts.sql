CREATE TABLE "row_counts" (
	"table_name" text NOT NULL,
	"key" text NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "row_counts_table_name_key_pk" PRIMARY KEY("table_name","key")
);
--> statement-breakpoint
-- Counts of a table's rows by a key, kept by its writes (src/db/row-counts.ts). The trigger's
-- argument is the key as an expression over the row (`status::text`); one statement trigger per
-- event with its transition tables, keys changed in order, nothing written when no key changes.
CREATE FUNCTION row_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  k text := TG_ARGV[0];
  changes text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    changes := format('SELECT %s AS key, 1 AS d FROM new_rows', k);
  ELSIF TG_OP = 'DELETE' THEN
    changes := format('SELECT %s AS key, -1 AS d FROM old_rows', k);
  ELSE
    changes := format('SELECT %s AS key, 1 AS d FROM new_rows UNION ALL SELECT %s, -1 FROM old_rows', k, k);
  END IF;
  EXECUTE format(
    'INSERT INTO row_counts AS c (table_name, key, n)
       SELECT %L, key, sum(d) FROM (%s) changes GROUP BY key HAVING sum(d) <> 0 ORDER BY key
       ON CONFLICT (table_name, key) DO UPDATE SET n = c.n + excluded.n',
    TG_TABLE_NAME, changes);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION row_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM row_counts WHERE table_name = TG_TABLE_NAME;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- 反馈管理: all feedback by state and kind.
CREATE TRIGGER feedback_count_insert AFTER INSERT ON feedback REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION row_counts_add($$status::text || '/' || kind::text$$);
--> statement-breakpoint
CREATE TRIGGER feedback_count_update AFTER UPDATE ON feedback REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION row_counts_add($$status::text || '/' || kind::text$$);
--> statement-breakpoint
CREATE TRIGGER feedback_count_delete AFTER DELETE ON feedback REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION row_counts_add($$status::text || '/' || kind::text$$);
--> statement-breakpoint
CREATE TRIGGER feedback_count_truncate AFTER TRUNCATE ON feedback
  FOR EACH STATEMENT EXECUTE FUNCTION row_counts_clear();
--> statement-breakpoint
-- 动态审核: all tweets by state.
CREATE TRIGGER tweets_count_insert AFTER INSERT ON tweets REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION row_counts_add('status::text');
--> statement-breakpoint
CREATE TRIGGER tweets_count_update AFTER UPDATE ON tweets REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION row_counts_add('status::text');
--> statement-breakpoint
CREATE TRIGGER tweets_count_delete AFTER DELETE ON tweets REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION row_counts_add('status::text');
--> statement-breakpoint
CREATE TRIGGER tweets_count_truncate AFTER TRUNCATE ON tweets
  FOR EACH STATEMENT EXECUTE FUNCTION row_counts_clear();
--> statement-breakpoint
LOCK TABLE feedback, tweets IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
INSERT INTO row_counts (table_name, key, n)
  SELECT 'feedback', status::text || '/' || kind::text, count(*) FROM feedback GROUP BY 2
  UNION ALL
  SELECT 'tweets', status::text, count(*) FROM tweets GROUP BY 2;
