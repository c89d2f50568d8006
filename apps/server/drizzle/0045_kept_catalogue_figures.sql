CREATE TABLE "expert_ratings" (
	"expert_id" integer PRIMARY KEY NOT NULL,
	"n" integer NOT NULL,
	"total" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "expert_ratings" ADD CONSTRAINT "expert_ratings_expert_id_users_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The figures the public catalogue shows beside each item, kept by the writes that change them
-- instead of worked out over every row at each reading (bench:lists with the catalogue cache
-- off, 1,000,000 assessments: the expert list averaged 49,000 feedback rows, 52 ms; the scale
-- list counted 1,280,000 submitted parts, 69 ms). Each is changed in the writing transaction.
--
-- An expert's public rating: booking feedback only. A statement trigger adds what an INSERT
-- brings (experts in id order, so two writers never wait on each other in opposite orders);
-- a DELETE takes away from the rows still there (an expert's account removed takes its row
-- with it, perhaps before its feedback); a row trigger moves a changed rating, kind or expert.
CREATE FUNCTION expert_ratings_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO expert_ratings AS r (expert_id, n, total)
      SELECT expert_id, count(*), sum(rating) FROM new_rows WHERE kind = 'booking'
      GROUP BY expert_id ORDER BY expert_id
      ON CONFLICT (expert_id) DO UPDATE SET n = r.n + excluded.n, total = r.total + excluded.total;
  ELSE
    UPDATE expert_ratings r SET n = r.n - d.n, total = r.total - d.total
      FROM (SELECT expert_id, count(*) AS n, sum(rating) AS total FROM old_rows WHERE kind = 'booking'
            GROUP BY expert_id) d
      WHERE r.expert_id = d.expert_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION expert_ratings_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO expert_ratings AS r (expert_id, n, total)
    SELECT expert_id, sum(n), sum(total) FROM (
      SELECT OLD.expert_id AS expert_id, -1 AS n, -OLD.rating AS total WHERE OLD.kind = 'booking'
      UNION ALL
      SELECT NEW.expert_id, 1, NEW.rating WHERE NEW.kind = 'booking'
    ) changes GROUP BY expert_id ORDER BY expert_id
    ON CONFLICT (expert_id) DO UPDATE SET n = r.n + excluded.n, total = r.total + excluded.total;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER feedback_ratings_insert AFTER INSERT ON feedback
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION expert_ratings_add();
--> statement-breakpoint
CREATE TRIGGER feedback_ratings_delete AFTER DELETE ON feedback
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION expert_ratings_add();
--> statement-breakpoint
CREATE TRIGGER feedback_ratings_update AFTER UPDATE ON feedback FOR EACH ROW
  WHEN ((OLD.kind, OLD.expert_id, OLD.rating) IS DISTINCT FROM (NEW.kind, NEW.expert_id, NEW.rating))
  EXECUTE FUNCTION expert_ratings_move();
--> statement-breakpoint
CREATE FUNCTION expert_ratings_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM expert_ratings;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER feedback_ratings_truncate AFTER TRUNCATE ON feedback
  FOR EACH STATEMENT EXECUTE FUNCTION expert_ratings_clear();
--> statement-breakpoint
LOCK TABLE feedback IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
INSERT INTO expert_ratings (expert_id, n, total)
  SELECT expert_id, count(*), sum(rating) FROM feedback WHERE kind = 'booking' GROUP BY expert_id;
--> statement-breakpoint
-- Counts of the rows of a table that pass a filter, by key, kept in row_counts under a name of
-- their own (a table may hold several): `kept_counts_track(name, table, key, filter, watched)`.
-- INSERT and DELETE by statement, with the transition tables, keys in order; an UPDATE by row,
-- and only when one of the watched columns changed, so the frequent updates that change none
-- (an answer saved) fire nothing.
CREATE FUNCTION kept_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    changes := format('SELECT %s AS key, 1 AS d FROM new_rows WHERE %s', TG_ARGV[1], TG_ARGV[2]);
  ELSE
    changes := format('SELECT %s AS key, -1 AS d FROM old_rows WHERE %s', TG_ARGV[1], TG_ARGV[2]);
  END IF;
  EXECUTE format(
    'INSERT INTO row_counts AS c (table_name, key, n)
       SELECT %L, key, sum(d) FROM (%s) changes GROUP BY key ORDER BY key
       ON CONFLICT (table_name, key) DO UPDATE SET n = c.n + excluded.n',
    TG_ARGV[0], changes);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION kept_counts_move() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was text;
  becomes text;
BEGIN
  EXECUTE format('SELECT %s FROM (SELECT ($1).*) r WHERE %s', TG_ARGV[1], TG_ARGV[2]) INTO was USING OLD;
  EXECUTE format('SELECT %s FROM (SELECT ($1).*) r WHERE %s', TG_ARGV[1], TG_ARGV[2]) INTO becomes USING NEW;
  IF was IS NOT DISTINCT FROM becomes THEN
    RETURN NULL;
  END IF;
  INSERT INTO row_counts AS c (table_name, key, n)
    SELECT TG_ARGV[0], key, d FROM (VALUES (was, -1), (becomes, 1)) v(key, d)
    WHERE key IS NOT NULL ORDER BY key
    ON CONFLICT (table_name, key) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION kept_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM row_counts WHERE table_name = TG_ARGV[0];
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION kept_counts_track(name text, tbl text, key text, filter text, watched text[])
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  was text := (SELECT string_agg(format('OLD.%I', c), ', ') FROM unnest(watched) c);
  becomes text := (SELECT string_agg(format('NEW.%I', c), ', ') FROM unnest(watched) c);
BEGIN
  EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION kept_counts_add(%L, %L, %L)', name || '_insert', tbl, name, key, filter);
  EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION kept_counts_add(%L, %L, %L)', name || '_delete', tbl, name, key, filter);
  EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I FOR EACH ROW WHEN ((%s) IS DISTINCT FROM (%s))
    EXECUTE FUNCTION kept_counts_move(%L, %L, %L)', name || '_update', tbl, was, becomes, name, key, filter);
  EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I
    FOR EACH STATEMENT EXECUTE FUNCTION kept_counts_clear(%L)', name || '_truncate', tbl, name);
  EXECUTE format('LOCK TABLE %I IN SHARE ROW EXCLUSIVE MODE', tbl);
  EXECUTE format('INSERT INTO row_counts (table_name, key, n) SELECT %L, %s, count(*) FROM %I WHERE %s GROUP BY 2',
    name, key, tbl, filter);
END
$$;
--> statement-breakpoint
-- 量表: how many people took each scale (its submitted parts).
SELECT kept_counts_track('scale_takers', 'assessment_parts', 'scale_id::text', $$status = 'submitted'$$,
  ARRAY['status', 'scale_id']);
--> statement-breakpoint
-- 测评方案: how many assessments of each plan were submitted.
SELECT kept_counts_track('plan_takers', 'assessments', 'plan_id::text',
  $$status = 'submitted' AND plan_id IS NOT NULL$$, ARRAY['status', 'plan_id']);
