CREATE TABLE "stats_daily_assessment_provinces" (
	"day" date NOT NULL,
	"province" text,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stats_daily_plan_totals" (
	"day" date NOT NULL,
	"plan_id" integer NOT NULL,
	"started" integer NOT NULL,
	"completed" integer NOT NULL,
	"unfinished" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "stats_daily_assessment_provinces_day_cover" ON "stats_daily_assessment_provinces" USING btree ("day","province","n");--> statement-breakpoint
CREATE INDEX "stats_daily_plan_totals_day_cover" ON "stats_daily_plan_totals" USING btree ("day","plan_id","started","completed","unfinished");--> statement-breakpoint
-- The figures without a plan, activity, gender or age band filter read the daily rollups
-- grouped by all of those (~340 rows a day at a million assessments for 30 days: 2 to 3 ms a
-- statement); these two add them up once per day when the day is rebuilt. stats_rebuild_days
-- (called by the sweeper's step and by stats_rebuild_all) rebuilds them after the others.
ALTER FUNCTION stats_rebuild_days(date[]) RENAME TO stats_rebuild_days_detail;
--> statement-breakpoint
CREATE FUNCTION stats_rebuild_days(days date[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stats_rebuild_days_detail(days);
  days := ARRAY(SELECT DISTINCT d FROM unnest(days) AS d WHERE d IS NOT NULL);
  DELETE FROM stats_daily_assessment_provinces WHERE day = ANY (days);
  DELETE FROM stats_daily_plan_totals WHERE day = ANY (days);
  INSERT INTO stats_daily_assessment_provinces (day, province, n)
    SELECT day, province, sum(n) FROM stats_daily_assessments WHERE day = ANY (days)
    GROUP BY 1, 2 ORDER BY 1, 2;
  INSERT INTO stats_daily_plan_totals (day, plan_id, started, completed, unfinished)
    SELECT day, plan_id, sum(started), sum(completed), sum(unfinished) FROM stats_daily_plans
    WHERE day = ANY (days) GROUP BY 1, 2 ORDER BY 1, 2;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stats_rebuild_all() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(1400151);
  TRUNCATE stats_daily_assessment_provinces, stats_daily_plan_totals;
  PERFORM stats_rebuild_all_facts();
  UPDATE stats_warning_facts f SET institution_id = u.institution_id
    FROM users u WHERE u.id = f.user_id AND u.institution_id IS NOT NULL;
END $$;
--> statement-breakpoint
INSERT INTO stats_daily_assessment_provinces (day, province, n)
  SELECT day, province, sum(n) FROM stats_daily_assessments GROUP BY 1, 2 ORDER BY 1, 2;
--> statement-breakpoint
INSERT INTO stats_daily_plan_totals (day, plan_id, started, completed, unfinished)
  SELECT day, plan_id, sum(started), sum(completed), sum(unfinished) FROM stats_daily_plans
  GROUP BY 1, 2 ORDER BY 1, 2;
