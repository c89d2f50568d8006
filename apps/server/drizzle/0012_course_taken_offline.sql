ALTER TABLE "courses" ADD COLUMN "taken_offline" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "courses" SET "taken_offline" = true WHERE "status" = 'offline';
