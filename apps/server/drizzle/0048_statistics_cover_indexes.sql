DROP INDEX "stats_daily_assessments_day_index";--> statement-breakpoint
DROP INDEX "stats_daily_parts_grain_scale_id_day_index";--> statement-breakpoint
DROP INDEX "stats_daily_plans_day_index";--> statement-breakpoint
CREATE INDEX "stats_daily_assessments_day_cover" ON "stats_daily_assessments" USING btree ("day","plan_id","activity_id","gender","age_band","province","n");--> statement-breakpoint
CREATE INDEX "stats_daily_parts_scale_cover" ON "stats_daily_parts" USING btree ("scale_id","grain","day","band","gender","age_band","province","n","assessments","n_raw","sum_raw","n_std","sum_std","positive","min_raw");--> statement-breakpoint
CREATE INDEX "stats_daily_parts_grain_day_cover" ON "stats_daily_parts" USING btree ("grain","day","scale_id","n");--> statement-breakpoint
CREATE INDEX "stats_daily_plans_day_cover" ON "stats_daily_plans" USING btree ("day","plan_id","activity_id","gender","age_band","province","started","completed","unfinished");