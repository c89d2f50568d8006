CREATE TYPE "public"."cooperation_scope" AS ENUM('record_read', 'record_and_warnings');--> statement-breakpoint
CREATE TYPE "public"."cooperation_status" AS ENUM('invited', 'accepted', 'declined', 'withdrawn', 'ended');--> statement-breakpoint
CREATE TYPE "public"."risk_level" AS ENUM('none', 'low', 'medium', 'high');--> statement-breakpoint
CREATE TABLE "cooperation_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cooperation_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cooperation_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cooperations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cooperations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"inviter_id" integer NOT NULL,
	"invitee_id" integer NOT NULL,
	"scope" "cooperation_scope" NOT NULL,
	"reason" varchar(500) NOT NULL,
	"status" "cooperation_status" DEFAULT 'invited' NOT NULL,
	"responded_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"ended_by" integer,
	"closing_reason" varchar(300),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cooperation_other_expert" CHECK ("cooperations"."inviter_id" <> "cooperations"."invitee_id")
);
--> statement-breakpoint
CREATE TABLE "session_notes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "session_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"booking_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"topic" varchar(100) NOT NULL,
	"risk" "risk_level" NOT NULL,
	"next_step" varchar(500) NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "target_user_id" integer;--> statement-breakpoint
ALTER TABLE "cooperation_messages" ADD CONSTRAINT "cooperation_messages_cooperation_id_cooperations_id_fk" FOREIGN KEY ("cooperation_id") REFERENCES "public"."cooperations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cooperation_messages" ADD CONSTRAINT "cooperation_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cooperations" ADD CONSTRAINT "cooperations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cooperations" ADD CONSTRAINT "cooperations_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cooperations" ADD CONSTRAINT "cooperations_invitee_id_users_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cooperations" ADD CONSTRAINT "cooperations_ended_by_users_id_fk" FOREIGN KEY ("ended_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_notes" ADD CONSTRAINT "session_notes_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_notes" ADD CONSTRAINT "session_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_notes" ADD CONSTRAINT "session_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cooperation_messages_cooperation_id_id_index" ON "cooperation_messages" USING btree ("cooperation_id","id");--> statement-breakpoint
CREATE INDEX "cooperations_inviter_id_status_index" ON "cooperations" USING btree ("inviter_id","status");--> statement-breakpoint
CREATE INDEX "cooperations_invitee_id_status_index" ON "cooperations" USING btree ("invitee_id","status");--> statement-breakpoint
CREATE INDEX "cooperations_user_id_status_index" ON "cooperations" USING btree ("user_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "cooperations_one_active" ON "cooperations" USING btree ("user_id",least("inviter_id", "invitee_id"),greatest("inviter_id", "invitee_id")) WHERE "cooperations"."status" in ('invited', 'accepted');--> statement-breakpoint
CREATE UNIQUE INDEX "session_notes_one_a_booking" ON "session_notes" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "session_notes_user_id_index" ON "session_notes" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_logs_target_user_id_action_at_index" ON "audit_logs" USING btree ("target_user_id","action","at");--> statement-breakpoint
CREATE INDEX "warnings_user_id_created_at_index" ON "warnings" USING btree ("user_id","created_at");