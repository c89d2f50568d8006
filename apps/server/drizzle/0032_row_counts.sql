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
-- Starts keeping a table's counts by `key` (an expression over its rows): its four triggers,
-- and the counts of the rows it has now (the table locked against writes meanwhile). A new
-- counted table is one call in a migration.
CREATE FUNCTION row_counts_track(tbl text, key text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION row_counts_add(%L)', tbl || '_count_insert', tbl, key);
  EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION row_counts_add(%L)', tbl || '_count_update', tbl, key);
  EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION row_counts_add(%L)', tbl || '_count_delete', tbl, key);
  EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I
    FOR EACH STATEMENT EXECUTE FUNCTION row_counts_clear()', tbl || '_count_truncate', tbl);
  EXECUTE format('LOCK TABLE %I IN SHARE ROW EXCLUSIVE MODE', tbl);
  EXECUTE format('INSERT INTO row_counts (table_name, key, n) SELECT %L, %s, count(*) FROM %I GROUP BY 2',
    tbl, key, tbl);
END
$$;
--> statement-breakpoint
-- 反馈管理: all feedback by state and kind.
SELECT row_counts_track('feedback', $$status::text || '/' || kind::text$$);
--> statement-breakpoint
-- 动态审核: all tweets by state.
SELECT row_counts_track('tweets', 'status::text');
