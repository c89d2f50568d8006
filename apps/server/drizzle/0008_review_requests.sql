CREATE TYPE "public"."review_status" AS ENUM('pending', 'approved', 'rejected');--> statement-breakpoint
CREATE TABLE "review_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "review_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" varchar(20) NOT NULL,
	"item_id" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"status" "review_status" DEFAULT 'pending' NOT NULL,
	"title" varchar(200) NOT NULL,
	"submitted_by" integer,
	"reviewer_id" integer,
	"reason" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "scales" DROP CONSTRAINT "scales_reviewed_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "reports" DROP CONSTRAINT "reports_reviewer_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "review_requests" ADD CONSTRAINT "review_requests_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_requests" ADD CONSTRAINT "review_requests_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_requests_one_pending" ON "review_requests" USING btree ("kind","item_id") WHERE "review_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "review_requests_kind_item_id_id_index" ON "review_requests" USING btree ("kind","item_id","id");--> statement-breakpoint
CREATE INDEX "review_requests_status_kind_submitted_at_index" ON "review_requests" USING btree ("status","kind","submitted_at");--> statement-breakpoint
-- Data: the review state the dropped columns held becomes review_requests rows.
-- Scales submitted, rejected, or approved by a reviewer (built-ins were never reviewed).
INSERT INTO "review_requests" ("kind", "item_id", "version", "status", "title", "submitted_by", "reviewer_id", "reason", "submitted_at", "decided_at")
SELECT 'scale', s."id",
  CASE WHEN s."status" = 'pending_review'
    THEN coalesce((SELECT max(v."version") FROM "scale_versions" v WHERE v."scale_id" = s."id"), 0) + 1
    ELSE greatest(coalesce((SELECT max(v."version") FROM "scale_versions" v WHERE v."scale_id" = s."id"), 1), 1) END,
  (CASE WHEN s."status" = 'pending_review' THEN 'pending' WHEN s."status" = 'rejected' THEN 'rejected' ELSE 'approved' END)::"review_status",
  s."name", s."author_id",
  CASE WHEN s."status" = 'pending_review' THEN NULL ELSE s."reviewed_by" END,
  CASE WHEN s."status" = 'rejected' THEN s."reject_reason" END,
  coalesce(s."submitted_at", s."reviewed_at", s."updated_at"),
  CASE WHEN s."status" = 'pending_review' THEN NULL ELSE coalesce(s."reviewed_at", s."updated_at") END
FROM "scales" s
WHERE s."status" IN ('pending_review', 'rejected')
   OR (s."status" IN ('published', 'offline') AND s."reviewed_at" IS NOT NULL AND s."author_id" IS NOT NULL)
ORDER BY s."id";--> statement-breakpoint
-- Reports that need approval: waiting, approved, or returned (rejected) with the reviewer's comment.
INSERT INTO "review_requests" ("kind", "item_id", "version", "status", "title", "submitted_by", "reviewer_id", "reason", "submitted_at", "decided_at")
SELECT 'report', r."assessment_id", 1,
  (CASE r."status" WHEN 'generated' THEN 'pending' WHEN 'returned' THEN 'rejected' ELSE 'approved' END)::"review_status",
  a."title", a."user_id",
  CASE WHEN r."status" = 'generated' THEN NULL ELSE r."reviewer_id" END,
  CASE WHEN r."status" = 'generated' THEN NULL ELSE r."comment" END,
  coalesce(a."submitted_at", r."created_at"),
  CASE WHEN r."status" = 'generated' THEN NULL ELSE coalesce(r."reviewed_at", r."updated_at") END
FROM "reports" r JOIN "assessments" a ON a."id" = r."assessment_id"
WHERE a."requires_approval"
ORDER BY r."assessment_id";--> statement-breakpoint
ALTER TABLE "scales" DROP COLUMN "reject_reason";--> statement-breakpoint
ALTER TABLE "scales" DROP COLUMN "reviewed_by";--> statement-breakpoint
ALTER TABLE "scales" DROP COLUMN "reviewed_at";--> statement-breakpoint
ALTER TABLE "scales" DROP COLUMN "submitted_at";--> statement-breakpoint
ALTER TABLE "reports" DROP COLUMN "reviewer_id";--> statement-breakpoint
ALTER TABLE "reports" DROP COLUMN "reviewed_at";--> statement-breakpoint
ALTER TABLE "reports" DROP COLUMN "comment";