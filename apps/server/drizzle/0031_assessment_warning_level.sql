ALTER TABLE "assessment_counts" ADD COLUMN "warning_level" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "assessment_counts" DROP CONSTRAINT "assessment_counts_pkey";--> statement-breakpoint
ALTER TABLE "assessment_counts" ADD CONSTRAINT "assessment_counts_status_warning_level_pk" PRIMARY KEY("status","warning_level");--> statement-breakpoint
ALTER TABLE "assessments" ADD COLUMN "max_warning_level" smallint;--> statement-breakpoint
-- The counts by status and highest warning level (0: none). Same rules as in 0029: one
-- statement trigger per event, changed in key order, no lock when no key changes.
CREATE OR REPLACE FUNCTION assessment_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO assessment_counts AS c (status, warning_level, n)
      SELECT status, coalesce(max_warning_level, 0), count(*) FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (status, warning_level) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO assessment_counts AS c (status, warning_level, n)
      SELECT status, coalesce(max_warning_level, 0), -count(*) FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (status, warning_level) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO assessment_counts AS c (status, warning_level, n)
      SELECT status, level, sum(d) FROM (
        SELECT status, coalesce(max_warning_level, 0) AS level, 1 AS d FROM new_rows
        UNION ALL
        SELECT status, coalesce(max_warning_level, 0), -1 FROM old_rows
      ) changes GROUP BY 1, 2 HAVING sum(d) <> 0 ORDER BY 1, 2
      ON CONFLICT (status, warning_level) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An assessment's highest warning level follows its warnings: raised, changed, deleted.
CREATE FUNCTION assessments_warning_level_of(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE assessments a SET max_warning_level = m.level
    FROM (
      SELECT x.id, (SELECT max(w.level) FROM warnings w WHERE w.assessment_id = x.id)::smallint AS level
      FROM (SELECT DISTINCT unnest(ids) AS id) x
    ) m
    WHERE a.id = m.id AND a.max_warning_level IS DISTINCT FROM m.level;
END
$$;
--> statement-breakpoint
CREATE FUNCTION warnings_level_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM assessments_warning_level_of(ARRAY(SELECT assessment_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM assessments_warning_level_of(ARRAY(SELECT assessment_id FROM old_rows));
  ELSE
    PERFORM assessments_warning_level_of(ARRAY(
      SELECT n.assessment_id FROM new_rows n
      UNION SELECT o.assessment_id FROM old_rows o));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER warnings_level_insert AFTER INSERT ON warnings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION warnings_level_changed();
--> statement-breakpoint
CREATE TRIGGER warnings_level_update AFTER UPDATE ON warnings
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION warnings_level_changed();
--> statement-breakpoint
CREATE TRIGGER warnings_level_delete AFTER DELETE ON warnings
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION warnings_level_changed();
--> statement-breakpoint
CREATE FUNCTION warnings_level_cleared() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE assessments SET max_warning_level = NULL WHERE max_warning_level IS NOT NULL;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER warnings_level_truncate AFTER TRUNCATE ON warnings
  FOR EACH STATEMENT EXECUTE FUNCTION warnings_level_cleared();
--> statement-breakpoint
-- The levels of the warnings there already are (their counts move with them, by the trigger
-- above; the tables are locked against writes meanwhile).
LOCK TABLE assessments, warnings IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
UPDATE assessments a SET max_warning_level = w.level
  FROM (SELECT assessment_id, max(level)::smallint AS level FROM warnings GROUP BY assessment_id) w
  WHERE a.id = w.assessment_id;
--> statement-breakpoint
CREATE INDEX "assessments_warning_level" ON "assessments" USING btree ("max_warning_level","started_at","id") WHERE "assessments"."max_warning_level" is not null;
