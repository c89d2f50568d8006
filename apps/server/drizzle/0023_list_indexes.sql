DROP INDEX "warnings_assessment_id_index";--> statement-breakpoint
CREATE INDEX "users_created_at_id_index" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "assessment_parts_submitted_scale" ON "assessment_parts" USING btree ("scale_id") WHERE "assessment_parts"."status" = 'submitted';--> statement-breakpoint
CREATE INDEX "assessments_started_at_id_index" ON "assessments" USING btree ("started_at","id");--> statement-breakpoint
CREATE INDEX "assessments_submitted_plan" ON "assessments" USING btree ("plan_id") WHERE "assessments"."status" = 'submitted';--> statement-breakpoint
CREATE INDEX "assessments_activity_user" ON "assessments" USING btree ("activity_id","user_id") WHERE "assessments"."activity_id" is not null;--> statement-breakpoint
CREATE INDEX "warnings_assessment_id_level_index" ON "warnings" USING btree ("assessment_id","level");--> statement-breakpoint
CREATE INDEX "warnings_level_id" ON "warnings" USING btree ("level","id");--> statement-breakpoint
CREATE INDEX "warnings_status_level_id_index" ON "warnings" USING btree ("status","level","id");--> statement-breakpoint
CREATE INDEX "feedback_created_at_id_index" ON "feedback" USING btree ("created_at","id");