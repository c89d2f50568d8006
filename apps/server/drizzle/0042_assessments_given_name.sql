DROP INDEX "assessments_expert_started";--> statement-breakpoint
DROP INDEX "assessments_given_name_trgm";--> statement-breakpoint
DROP INDEX "assessments_unnamed_user";--> statement-breakpoint
ALTER TABLE "assessments" ADD COLUMN "given_name" text GENERATED ALWAYS AS ((basic_info->>'name')) STORED;--> statement-breakpoint
CREATE INDEX "assessments_expert_started" ON "assessments" USING btree ("expert_id","started_at","id","status","max_warning_level","user_id","title","given_name");--> statement-breakpoint
CREATE INDEX "assessments_given_name_trgm" ON "assessments" USING gin ("given_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "assessments_unnamed_user" ON "assessments" USING btree ("user_id") WHERE "assessments"."given_name" is null;