CREATE TABLE "stats_assessment_facts" (
	"assessment_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"expert_id" integer,
	"plan_id" integer,
	"activity_id" integer,
	"submitted" boolean NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"started_day" date NOT NULL,
	"submitted_at" timestamp with time zone,
	"day" date,
	"gender" text,
	"age_band" text,
	"province" text,
	"prev_day" date
);
--> statement-breakpoint
CREATE TABLE "stats_daily_assessments" (
	"day" date NOT NULL,
	"plan_id" integer,
	"activity_id" integer,
	"gender" text,
	"age_band" text,
	"province" text,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stats_daily_dimensions" (
	"day" date NOT NULL,
	"scale_id" integer NOT NULL,
	"key" text NOT NULL,
	"name" text,
	"ord" integer NOT NULL,
	"n" integer NOT NULL,
	"sum" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stats_daily_parts" (
	"day" date NOT NULL,
	"grain" smallint NOT NULL,
	"scale_id" integer NOT NULL,
	"band" text NOT NULL,
	"gender" text,
	"age_band" text,
	"province" text,
	"n" integer NOT NULL,
	"assessments" integer NOT NULL,
	"n_raw" integer NOT NULL,
	"sum_raw" double precision NOT NULL,
	"n_std" integer NOT NULL,
	"sum_std" double precision NOT NULL,
	"positive" integer NOT NULL,
	"min_raw" double precision
);
--> statement-breakpoint
CREATE TABLE "stats_daily_plans" (
	"day" date NOT NULL,
	"plan_id" integer NOT NULL,
	"activity_id" integer,
	"gender" text,
	"age_band" text,
	"province" text,
	"started" integer NOT NULL,
	"completed" integer NOT NULL,
	"unfinished" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stats_daily_takes" (
	"day" date NOT NULL,
	"scale_id" integer,
	"kind" smallint NOT NULL,
	"prev_day" date,
	"n" integer NOT NULL,
	"n_raw" integer NOT NULL,
	"sum_raw" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stats_dirty_days" (
	"day" date NOT NULL,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stats_part_facts" (
	"part_id" integer PRIMARY KEY NOT NULL,
	"assessment_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"expert_id" integer,
	"plan_id" integer,
	"activity_id" integer,
	"gender" text,
	"age_band" text,
	"province" text,
	"submitted_at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"scale_id" integer NOT NULL,
	"first_of_scale" boolean NOT NULL,
	"band" text NOT NULL,
	"raw" double precision,
	"std" double precision,
	"positive" boolean NOT NULL,
	"dims" jsonb,
	"prev_day" date,
	"prev2_day" date
);
--> statement-breakpoint
CREATE TABLE "stats_warning_facts" (
	"warning_id" integer PRIMARY KEY NOT NULL,
	"assessment_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"expert_id" integer,
	"level" integer NOT NULL,
	"open" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"province" text,
	"first_at" timestamp with time zone,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "stats_assessment_facts_day_cover" ON "stats_assessment_facts" USING btree ("day","gender","age_band","province","plan_id","activity_id","user_id","prev_day");--> statement-breakpoint
CREATE INDEX "stats_assessment_facts_expert_id_day_index" ON "stats_assessment_facts" USING btree ("expert_id","day");--> statement-breakpoint
CREATE INDEX "stats_assessment_facts_user_id_day_index" ON "stats_assessment_facts" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "stats_assessment_facts_started_day_index" ON "stats_assessment_facts" USING btree ("started_day") WHERE "stats_assessment_facts"."plan_id" is not null;--> statement-breakpoint
CREATE INDEX "stats_daily_assessments_day_index" ON "stats_daily_assessments" USING btree ("day");--> statement-breakpoint
CREATE INDEX "stats_daily_dimensions_scale_id_day_index" ON "stats_daily_dimensions" USING btree ("scale_id","day");--> statement-breakpoint
CREATE INDEX "stats_daily_dimensions_day_index" ON "stats_daily_dimensions" USING btree ("day");--> statement-breakpoint
CREATE INDEX "stats_daily_parts_grain_scale_id_day_index" ON "stats_daily_parts" USING btree ("grain","scale_id","day");--> statement-breakpoint
CREATE INDEX "stats_daily_parts_day_index" ON "stats_daily_parts" USING btree ("day");--> statement-breakpoint
CREATE INDEX "stats_daily_plans_day_index" ON "stats_daily_plans" USING btree ("day");--> statement-breakpoint
CREATE INDEX "stats_daily_takes_scale_day_cover" ON "stats_daily_takes" USING btree ("scale_id","day","kind","prev_day","n","n_raw","sum_raw");--> statement-breakpoint
CREATE INDEX "stats_daily_takes_day_index" ON "stats_daily_takes" USING btree ("day");--> statement-breakpoint
CREATE INDEX "stats_dirty_days_day_index" ON "stats_dirty_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "stats_part_facts_scale_day_cover" ON "stats_part_facts" USING btree ("scale_id","day","gender","age_band","province","plan_id","activity_id","band","first_of_scale","positive","raw","std","prev_day","prev2_day","user_id");--> statement-breakpoint
CREATE INDEX "stats_part_facts_day_cover" ON "stats_part_facts" USING btree ("day","scale_id","gender","age_band","province","plan_id","activity_id");--> statement-breakpoint
CREATE INDEX "stats_part_facts_assessment_id_index" ON "stats_part_facts" USING btree ("assessment_id");--> statement-breakpoint
CREATE INDEX "stats_part_facts_expert_id_day_index" ON "stats_part_facts" USING btree ("expert_id","day");--> statement-breakpoint
CREATE INDEX "stats_part_facts_user_id_day_index" ON "stats_part_facts" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "stats_warning_facts_created_at_index" ON "stats_warning_facts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "stats_warning_facts_expert_id_created_at_index" ON "stats_warning_facts" USING btree ("expert_id","created_at");--> statement-breakpoint
CREATE INDEX "stats_warning_facts_user_id_index" ON "stats_warning_facts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "stats_warning_facts_assessment_id_index" ON "stats_warning_facts" USING btree ("assessment_id");--> statement-breakpoint
CREATE INDEX "stats_warning_facts_open_user" ON "stats_warning_facts" USING btree ("user_id") WHERE "stats_warning_facts"."open";--> statement-breakpoint
-- ---- Statistics facts and rollups: kept by triggers, rebuilt by day (module statistics) ----
-- The Shanghai calendar day of an instant (UTC+8, no daylight saving: lib/time.ts).
CREATE FUNCTION stats_day(ts timestamptz) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT ((ts AT TIME ZONE 'UTC') + interval '8 hours')::date $$;
--> statement-breakpoint
-- The age band key of a basic info (contracts' ageBands; a test holds the two together).
CREATE FUNCTION stats_age_band(info jsonb) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT CASE
  WHEN NOT (info ->> 'age') ~ '^-?[0-9]{1,9}$' THEN NULL
  WHEN (info ->> 'age')::int BETWEEN 0 AND 17 THEN 'u18'
  WHEN (info ->> 'age')::int BETWEEN 18 AND 24 THEN '18_24'
  WHEN (info ->> 'age')::int BETWEEN 25 AND 34 THEN '25_34'
  WHEN (info ->> 'age')::int BETWEEN 35 AND 44 THEN '35_44'
  WHEN (info ->> 'age')::int BETWEEN 45 AND 59 THEN '45_59'
  WHEN (info ->> 'age')::int BETWEEN 60 AND 200 THEN '60p'
END $$;
--> statement-breakpoint
-- A JSON number as float8, anything else null (a trigger must never fail a submission).
CREATE FUNCTION stats_number(v jsonb) RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT CASE WHEN jsonb_typeof(v) = 'number' THEN (v #>> '{}')::double precision END $$;
--> statement-breakpoint
-- What stats_assessment_facts holds for each assessment (prev_day apart).
CREATE VIEW stats_assessment_facts_source AS
SELECT a.id AS assessment_id, a.user_id, a.expert_id, a.plan_id, a.activity_id,
  a.status = 'submitted' AS submitted, a.started_at, stats_day(a.started_at) AS started_day,
  CASE WHEN a.status = 'submitted' THEN a.submitted_at END AS submitted_at,
  CASE WHEN a.status = 'submitted' THEN stats_day(a.submitted_at) END AS day,
  a.basic_info ->> 'gender' AS gender, stats_age_band(a.basic_info) AS age_band,
  left(a.basic_info ->> 'regionCode', 2) AS province
FROM assessments a;
--> statement-breakpoint
-- What stats_part_facts holds for each scored part of a submitted assessment (the chain apart).
CREATE VIEW stats_part_facts_source AS
SELECT p.id AS part_id, p.assessment_id, a.user_id, a.expert_id, a.plan_id, a.activity_id,
  a.basic_info ->> 'gender' AS gender, stats_age_band(a.basic_info) AS age_band,
  left(a.basic_info ->> 'regionCode', 2) AS province,
  a.submitted_at, stats_day(a.submitted_at) AS day, p.scale_id,
  NOT EXISTS (
    SELECT 1 FROM assessment_parts q
    WHERE q.assessment_id = p.assessment_id AND q.scale_id = p.scale_id
      AND q.status = 'submitted' AND q.position < p.position
  ) AS first_of_scale,
  coalesce(p.result -> 'band' ->> 'label', '未分级') AS band,
  stats_number(p.result -> 'rawScore') AS raw,
  stats_number(p.result -> 'standardScore') AS std,
  coalesce(p.result ->> 'positive' = 'true', false) AS positive,
  CASE WHEN jsonb_typeof(p.result -> 'dimensions') = 'array' AND jsonb_array_length(p.result -> 'dimensions') > 0 THEN (
    SELECT jsonb_agg(jsonb_build_object('key', coalesce(x.d ->> 'key', ''), 'name', x.d ->> 'name',
      'score', stats_number(x.d -> 'score')) ORDER BY x.o)
    FROM jsonb_array_elements(p.result -> 'dimensions') WITH ORDINALITY AS x(d, o)
  ) END AS dims
FROM assessment_parts p
JOIN assessments a ON a.id = p.assessment_id
WHERE a.status = 'submitted' AND a.submitted_at IS NOT NULL AND p.status = 'submitted';
--> statement-breakpoint
-- What stats_warning_facts holds for each warning.
CREATE VIEW stats_warning_facts_source AS
SELECT w.id AS warning_id, w.assessment_id, w.user_id, w.expert_id, w.level, w.status <> 'closed' AS open,
  w.created_at, left(a.basic_info ->> 'regionCode', 2) AS province, p.first_at, p.closed_at
FROM warnings w
LEFT JOIN assessments a ON a.id = w.assessment_id
LEFT JOIN LATERAL (
  SELECT min(g.created_at) AS first_at, min(g.created_at) FILTER (WHERE g.status = 'closed') AS closed_at
  FROM warning_progress g WHERE g.warning_id = w.id
) p ON true;
--> statement-breakpoint
-- Rewrites one warning's facts (no rollup reads them: nothing to mark).
CREATE FUNCTION stats_refresh_warning(wid integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stats_warning_facts WHERE warning_id = wid;
  INSERT INTO stats_warning_facts (warning_id, assessment_id, user_id, expert_id, level, open, created_at,
      province, first_at, closed_at)
    SELECT warning_id, assessment_id, user_id, expert_id, level, open, created_at, province, first_at, closed_at
    FROM stats_warning_facts_source WHERE warning_id = wid;
END $$;
--> statement-breakpoint
-- Marks days whose rollup rows no longer match the facts. Always a new row, never "if
-- missing": a mark another transaction is clearing right now must not stand for this change.
CREATE FUNCTION stats_mark_days(days date[]) RETURNS void LANGUAGE sql
AS $$ INSERT INTO stats_dirty_days (day) SELECT DISTINCT d FROM unnest(days) AS d WHERE d IS NOT NULL $$;
--> statement-breakpoint
-- Rewrites one assessment's facts from assessments and assessment_parts, recomputes its
-- person's chains (previous days) and marks the days touched before and after.
CREATE FUNCTION stats_refresh_assessment(aid integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  people integer[];
  days date[];
  scale_ids integer[];
BEGIN
  SELECT array_agg(DISTINCT u ORDER BY u) INTO people FROM (
    SELECT user_id AS u FROM assessments WHERE id = aid
    UNION ALL SELECT user_id FROM stats_assessment_facts WHERE assessment_id = aid
  ) x;
  IF people IS NULL THEN RETURN; END IF;
  -- One change per person at a time: each statement below then sees the other's commit.
  PERFORM pg_advisory_xact_lock(1400150, u) FROM unnest(people) AS u ORDER BY u;

  SELECT array_agg(d) INTO days FROM (
    SELECT day AS d FROM stats_assessment_facts WHERE assessment_id = aid
    UNION SELECT started_day FROM stats_assessment_facts WHERE assessment_id = aid AND plan_id IS NOT NULL
    UNION SELECT day FROM stats_part_facts WHERE assessment_id = aid
  ) x;
  SELECT array_agg(DISTINCT scale_id) INTO scale_ids FROM stats_part_facts WHERE assessment_id = aid;
  DELETE FROM stats_part_facts WHERE assessment_id = aid;
  DELETE FROM stats_assessment_facts WHERE assessment_id = aid;

  INSERT INTO stats_assessment_facts (assessment_id, user_id, expert_id, plan_id, activity_id, submitted,
      started_at, started_day, submitted_at, day, gender, age_band, province)
    SELECT assessment_id, user_id, expert_id, plan_id, activity_id, submitted, started_at, started_day,
      submitted_at, day, gender, age_band, province
    FROM stats_assessment_facts_source WHERE assessment_id = aid;
  INSERT INTO stats_part_facts (part_id, assessment_id, user_id, expert_id, plan_id, activity_id, gender,
      age_band, province, submitted_at, day, scale_id, first_of_scale, band, raw, std, positive, dims)
    SELECT part_id, assessment_id, user_id, expert_id, plan_id, activity_id, gender, age_band, province,
      submitted_at, day, scale_id, first_of_scale, band, raw, std, positive, dims
    FROM stats_part_facts_source WHERE assessment_id = aid;

  days := coalesce(days, '{}') || ARRAY(
    SELECT day FROM stats_assessment_facts WHERE assessment_id = aid
    UNION SELECT started_day FROM stats_assessment_facts WHERE assessment_id = aid AND plan_id IS NOT NULL);
  scale_ids := coalesce(scale_ids, '{}') || ARRAY(SELECT scale_id FROM stats_part_facts WHERE assessment_id = aid);

  -- The chains; a take whose previous ones changed moves in stats_daily_takes: its day too is marked.
  WITH changed AS (
    UPDATE stats_assessment_facts f SET prev_day = c.prev_day
    FROM (
      SELECT assessment_id, lag(day) OVER (PARTITION BY user_id ORDER BY submitted_at, assessment_id) AS prev_day
      FROM stats_assessment_facts WHERE user_id = ANY (people) AND day IS NOT NULL
    ) c
    WHERE f.assessment_id = c.assessment_id AND f.prev_day IS DISTINCT FROM c.prev_day
    RETURNING f.day
  )
  SELECT days || coalesce(array_agg(day), '{}') INTO days FROM changed;
  IF cardinality(scale_ids) > 0 THEN
    WITH changed AS (
      UPDATE stats_part_facts f SET prev_day = c.prev_day, prev2_day = c.prev2_day
      FROM (
        SELECT part_id, lag(day) OVER w AS prev_day, lag(day, 2) OVER w AS prev2_day
        FROM stats_part_facts WHERE user_id = ANY (people) AND scale_id = ANY (scale_ids)
        WINDOW w AS (PARTITION BY user_id, scale_id ORDER BY submitted_at, part_id)
      ) c
      WHERE f.part_id = c.part_id AND (f.prev_day, f.prev2_day) IS DISTINCT FROM (c.prev_day, c.prev2_day)
      RETURNING f.day
    )
    SELECT days || coalesce(array_agg(day), '{}') INTO days FROM changed;
  END IF;
  -- The province the assessment's warnings are counted in.
  UPDATE stats_warning_facts f SET province = left(a.basic_info ->> 'regionCode', 2)
  FROM assessments a
  WHERE a.id = aid AND f.assessment_id = aid AND f.province IS DISTINCT FROM left(a.basic_info ->> 'regionCode', 2);
  PERFORM stats_mark_days(days);
END $$;
--> statement-breakpoint
-- Rebuilds the rollup rows of the given days from the facts.
CREATE FUNCTION stats_rebuild_days(days date[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  days := ARRAY(SELECT DISTINCT d FROM unnest(days) AS d WHERE d IS NOT NULL);
  DELETE FROM stats_daily_assessments WHERE day = ANY (days);
  DELETE FROM stats_daily_plans WHERE day = ANY (days);
  DELETE FROM stats_daily_parts WHERE day = ANY (days);
  DELETE FROM stats_daily_dimensions WHERE day = ANY (days);
  DELETE FROM stats_daily_takes WHERE day = ANY (days);
  INSERT INTO stats_daily_assessments (day, plan_id, activity_id, gender, age_band, province, n)
    SELECT f.day, f.plan_id, f.activity_id, f.gender, f.age_band, f.province, count(*)
    FROM stats_assessment_facts f JOIN unnest(days) AS d(day) ON d.day = f.day
    GROUP BY 1, 2, 3, 4, 5, 6
    ORDER BY 1, 2, 3, 4, 5, 6;
  INSERT INTO stats_daily_plans (day, plan_id, activity_id, gender, age_band, province, started, completed, unfinished)
    SELECT f.started_day, f.plan_id, f.activity_id, f.gender, f.age_band, f.province, count(*),
      count(*) FILTER (WHERE f.submitted), count(*) FILTER (WHERE NOT f.submitted)
    FROM stats_assessment_facts f JOIN unnest(days) AS d(day) ON d.day = f.started_day
    WHERE f.plan_id IS NOT NULL
    GROUP BY 1, 2, 3, 4, 5, 6
    ORDER BY 1, 2, 3, 4, 5, 6;
  INSERT INTO stats_daily_parts (day, grain, scale_id, band, gender, age_band, province, n, assessments,
      n_raw, sum_raw, n_std, sum_std, positive, min_raw)
    SELECT f.day,
      CASE grouping(f.gender, f.age_band, f.province) WHEN 7 THEN 0 WHEN 3 THEN 1 WHEN 5 THEN 2 ELSE 3 END,
      f.scale_id, f.band, f.gender, f.age_band, f.province, count(*), count(*) FILTER (WHERE f.first_of_scale),
      count(f.raw), coalesce(sum(f.raw), 0), count(f.std), coalesce(sum(f.std), 0),
      count(*) FILTER (WHERE f.positive), min(f.raw)
    FROM stats_part_facts f JOIN unnest(days) AS d(day) ON d.day = f.day
    GROUP BY f.day, f.scale_id, f.band, GROUPING SETS ((), (f.gender), (f.age_band), (f.province))
    ORDER BY 1, 2, 3;
  INSERT INTO stats_daily_dimensions (day, scale_id, key, name, ord, n, sum)
    SELECT f.day, f.scale_id, x.d ->> 'key', min(x.d ->> 'name'), min(x.o), count(stats_number(x.d -> 'score')),
      coalesce(sum(stats_number(x.d -> 'score')), 0)
    FROM stats_part_facts f JOIN unnest(days) AS d(day) ON d.day = f.day
    CROSS JOIN LATERAL jsonb_array_elements(f.dims) WITH ORDINALITY AS x(d, o)
    WHERE f.dims IS NOT NULL
    GROUP BY 1, 2, 3
    ORDER BY 1, 2, 3;
  INSERT INTO stats_daily_takes (day, scale_id, kind, prev_day, n, n_raw, sum_raw)
    SELECT f.day, NULL::integer, 1, f.prev_day, count(*), 0, 0
    FROM stats_assessment_facts f JOIN unnest(days) AS d(day) ON d.day = f.day
    GROUP BY 1, 4
    UNION ALL
    SELECT f.day, f.scale_id, k.kind, CASE k.kind WHEN 1 THEN f.prev_day ELSE f.prev2_day END,
      count(*), count(f.raw), coalesce(sum(f.raw), 0)
    FROM stats_part_facts f JOIN unnest(days) AS d(day) ON d.day = f.day
    CROSS JOIN (VALUES (1), (2)) AS k(kind)
    GROUP BY 1, 2, 3, 4
    ORDER BY 1, 2, 3, 4;
END $$;
--> statement-breakpoint
-- The sweeper's step: takes the marks and rebuilds their days in one transaction; one
-- instance at a time (another finds the lock taken and leaves the work to it).
CREATE FUNCTION stats_refresh_rollups() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  days date[];
BEGIN
  IF NOT pg_try_advisory_xact_lock(1400151) THEN RETURN 0; END IF;
  WITH taken AS (DELETE FROM stats_dirty_days RETURNING day)
  SELECT array_agg(DISTINCT day) INTO days FROM taken;
  IF days IS NULL THEN RETURN 0; END IF;
  PERFORM stats_rebuild_days(days);
  RETURN cardinality(days);
END $$;
--> statement-breakpoint
-- Every fact and rollup row made again from assessments and assessment_parts (the backfill).
CREATE FUNCTION stats_rebuild_all() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(1400151);
  -- Without statistics (a table just filled) the planner joins the views badly: minutes, not seconds.
  ANALYZE assessments, assessment_parts, warnings, warning_progress;
  TRUNCATE stats_assessment_facts, stats_part_facts, stats_warning_facts, stats_daily_assessments,
    stats_daily_plans, stats_daily_parts, stats_daily_dimensions, stats_daily_takes, stats_dirty_days;
  INSERT INTO stats_warning_facts (warning_id, assessment_id, user_id, expert_id, level, open, created_at,
      province, first_at, closed_at)
    SELECT w.id, w.assessment_id, w.user_id, w.expert_id, w.level, w.status <> 'closed', w.created_at,
      left(a.basic_info ->> 'regionCode', 2), p.first_at, p.closed_at
    FROM warnings w
    LEFT JOIN assessments a ON a.id = w.assessment_id
    LEFT JOIN (
      SELECT warning_id, min(created_at) AS first_at, min(created_at) FILTER (WHERE status = 'closed') AS closed_at
      FROM warning_progress GROUP BY warning_id
    ) p ON p.warning_id = w.id
    ORDER BY w.created_at, w.id;
  INSERT INTO stats_assessment_facts (assessment_id, user_id, expert_id, plan_id, activity_id, submitted,
      started_at, started_day, submitted_at, day, gender, age_band, province, prev_day)
    SELECT assessment_id, user_id, expert_id, plan_id, activity_id, submitted, started_at, started_day,
      submitted_at, day, gender, age_band, province,
      CASE WHEN day IS NOT NULL THEN lag(day) OVER (PARTITION BY user_id, day IS NULL ORDER BY submitted_at, assessment_id) END
    FROM stats_assessment_facts_source
    -- In time order, as submissions append them: a day range is then a few adjacent pages.
    ORDER BY day NULLS LAST, submitted_at, assessment_id;
  INSERT INTO stats_part_facts (part_id, assessment_id, user_id, expert_id, plan_id, activity_id, gender,
      age_band, province, submitted_at, day, scale_id, first_of_scale, band, raw, std, positive, dims,
      prev_day, prev2_day)
    SELECT part_id, assessment_id, user_id, expert_id, plan_id, activity_id, gender, age_band, province,
      submitted_at, day, scale_id, first_of_scale, band, raw, std, positive, dims,
      lag(day) OVER w, lag(day, 2) OVER w
    FROM stats_part_facts_source
    WINDOW w AS (PARTITION BY user_id, scale_id ORDER BY submitted_at, part_id)
    ORDER BY day, submitted_at, part_id;
  ANALYZE stats_assessment_facts, stats_part_facts;
  PERFORM stats_rebuild_days(ARRAY(
    SELECT day FROM stats_assessment_facts WHERE day IS NOT NULL
    UNION SELECT started_day FROM stats_assessment_facts WHERE plan_id IS NOT NULL));
END $$;
--> statement-breakpoint
CREATE FUNCTION stats_assessment_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM stats_refresh_assessment(OLD.id);
  ELSE
    PERFORM stats_refresh_assessment(NEW.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A part counts only inside a submitted assessment: answers saved while taking cost nothing.
CREATE FUNCTION stats_part_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  aid integer;
BEGIN
  FOR aid IN
    SELECT DISTINCT x FROM unnest(ARRAY[
      CASE WHEN TG_OP <> 'INSERT' THEN OLD.assessment_id END,
      CASE WHEN TG_OP <> 'DELETE' THEN NEW.assessment_id END]) AS x
    WHERE x IS NOT NULL
  LOOP
    IF EXISTS (SELECT 1 FROM assessments WHERE id = aid AND status = 'submitted')
      OR EXISTS (SELECT 1 FROM stats_part_facts WHERE assessment_id = aid) THEN
      PERFORM stats_refresh_assessment(aid);
    END IF;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stats_facts_write AFTER INSERT OR DELETE ON assessments
  FOR EACH ROW EXECUTE FUNCTION stats_assessment_changed();
--> statement-breakpoint
CREATE TRIGGER stats_facts_update AFTER UPDATE ON assessments
  FOR EACH ROW WHEN (
    (OLD.user_id, OLD.expert_id, OLD.plan_id, OLD.activity_id, OLD.status, OLD.started_at, OLD.submitted_at, OLD.basic_info)
    IS DISTINCT FROM
    (NEW.user_id, NEW.expert_id, NEW.plan_id, NEW.activity_id, NEW.status, NEW.started_at, NEW.submitted_at, NEW.basic_info)
  ) EXECUTE FUNCTION stats_assessment_changed();
--> statement-breakpoint
CREATE TRIGGER stats_facts_write AFTER INSERT OR DELETE ON assessment_parts
  FOR EACH ROW EXECUTE FUNCTION stats_part_changed();
--> statement-breakpoint
CREATE TRIGGER stats_facts_update AFTER UPDATE ON assessment_parts
  FOR EACH ROW WHEN (
    (OLD.assessment_id, OLD.position, OLD.scale_id, OLD.status, OLD.result)
    IS DISTINCT FROM (NEW.assessment_id, NEW.position, NEW.scale_id, NEW.status, NEW.result)
  ) EXECUTE FUNCTION stats_part_changed();
--> statement-breakpoint
CREATE FUNCTION stats_warning_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM stats_refresh_warning(OLD.id);
  ELSE
    PERFORM stats_refresh_warning(NEW.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION stats_progress_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM stats_refresh_warning(OLD.warning_id);
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.warning_id <> OLD.warning_id) THEN
    PERFORM stats_refresh_warning(NEW.warning_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stats_facts_write AFTER INSERT OR DELETE ON warnings
  FOR EACH ROW EXECUTE FUNCTION stats_warning_changed();
--> statement-breakpoint
CREATE TRIGGER stats_facts_update AFTER UPDATE ON warnings
  FOR EACH ROW WHEN (
    (OLD.assessment_id, OLD.user_id, OLD.expert_id, OLD.level, OLD.status, OLD.created_at)
    IS DISTINCT FROM (NEW.assessment_id, NEW.user_id, NEW.expert_id, NEW.level, NEW.status, NEW.created_at)
  ) EXECUTE FUNCTION stats_warning_changed();
--> statement-breakpoint
CREATE TRIGGER stats_facts_write AFTER INSERT OR DELETE OR UPDATE OF warning_id, status, created_at ON warning_progress
  FOR EACH ROW EXECUTE FUNCTION stats_progress_changed();
--> statement-breakpoint
SELECT stats_rebuild_all();
