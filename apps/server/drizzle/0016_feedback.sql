CREATE TYPE "public"."feedback_kind" AS ENUM('booking', 'report', 'course');--> statement-breakpoint
CREATE TYPE "public"."feedback_status" AS ENUM('open', 'handled');--> statement-breakpoint
CREATE TABLE "feedback" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "feedback_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" "feedback_kind" NOT NULL,
	"object_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"expert_id" integer NOT NULL,
	"subject_title" varchar(200) NOT NULL,
	"rating" smallint NOT NULL,
	"content" varchar(500) NOT NULL,
	"anonymous" boolean DEFAULT false NOT NULL,
	"status" "feedback_status" DEFAULT 'open' NOT NULL,
	"reply" varchar(500),
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_rating" CHECK ("feedback"."rating" between 1 and 5),
	CONSTRAINT "feedback_handled_at" CHECK (("feedback"."status" = 'handled') = ("feedback"."handled_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_expert_id_users_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "feedback_once" ON "feedback" USING btree ("kind","object_id","user_id");--> statement-breakpoint
CREATE INDEX "feedback_expert_id_status_created_at_index" ON "feedback" USING btree ("expert_id","status","created_at");--> statement-breakpoint
CREATE INDEX "feedback_expert_id_kind_created_at_index" ON "feedback" USING btree ("expert_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "feedback_user_id_created_at_index" ON "feedback" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "expert_profiles" DROP COLUMN "rating";--> statement-breakpoint
ALTER TABLE "expert_profiles" DROP COLUMN "rating_count";