CREATE TYPE "public"."transfer_status" AS ENUM('requested', 'user_confirmed', 'approved', 'rejected', 'declined_by_user', 'withdrawn');--> statement-breakpoint
ALTER TYPE "public"."review_status" ADD VALUE 'withdrawn';--> statement-breakpoint
CREATE TABLE "care_assignments" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"expert_id" integer NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transfers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"from_expert_id" integer NOT NULL,
	"to_expert_id" integer NOT NULL,
	"reason" varchar(500) NOT NULL,
	"summary" text NOT NULL,
	"status" "transfer_status" DEFAULT 'requested' NOT NULL,
	"confirmed_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	"decline_reason" varchar(300),
	"withdrawn_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transfer_other_expert" CHECK ("transfers"."from_expert_id" <> "transfers"."to_expert_id")
);
--> statement-breakpoint
ALTER TABLE "care_assignments" ADD CONSTRAINT "care_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_assignments" ADD CONSTRAINT "care_assignments_expert_id_users_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_from_expert_id_users_id_fk" FOREIGN KEY ("from_expert_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_to_expert_id_users_id_fk" FOREIGN KEY ("to_expert_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "care_assignments_expert_id_index" ON "care_assignments" USING btree ("expert_id");--> statement-breakpoint
CREATE INDEX "transfers_from_expert_id_status_index" ON "transfers" USING btree ("from_expert_id","status");--> statement-breakpoint
CREATE INDEX "transfers_to_expert_id_status_index" ON "transfers" USING btree ("to_expert_id","status");--> statement-breakpoint
CREATE INDEX "transfers_user_id_created_at_index" ON "transfers" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "transfers_one_open" ON "transfers" USING btree ("user_id") WHERE "transfers"."status" in ('requested', 'user_confirmed');