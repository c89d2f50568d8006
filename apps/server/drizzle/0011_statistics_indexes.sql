CREATE INDEX "assessment_parts_scale_id_submitted_at_index" ON "assessment_parts" USING btree ("scale_id","submitted_at");--> statement-breakpoint
CREATE INDEX "assessments_status_submitted_at_index" ON "assessments" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "assessments_plan_id_started_at_index" ON "assessments" USING btree ("plan_id","started_at");--> statement-breakpoint
CREATE INDEX "warning_progress_warning_id_created_at_index" ON "warning_progress" USING btree ("warning_id","created_at");--> statement-breakpoint
CREATE INDEX "warnings_created_at_index" ON "warnings" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "warnings_assessment_id_index" ON "warnings" USING btree ("assessment_id");