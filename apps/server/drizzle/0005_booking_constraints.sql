-- Constraints drizzle-kit cannot express: ranges that must not overlap.
-- An expert's open slots never overlap each other.
ALTER TABLE "slots" ADD CONSTRAINT "slots_no_overlap"
  EXCLUDE USING gist ("expert_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&)
  WHERE ("status" = 'open');
--> statement-breakpoint
-- A user never holds two pending or confirmed bookings at overlapping times.
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_user_no_overlap"
  EXCLUDE USING gist ("user_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&)
  WHERE ("status" in ('pending_payment', 'confirmed'));
