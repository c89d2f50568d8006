CREATE TYPE "public"."enrolment_status" AS ENUM('active', 'refunded');--> statement-breakpoint
CREATE TABLE "course_enrolments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "course_enrolments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"course_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" "enrolment_status" DEFAULT 'active' NOT NULL,
	"order_id" integer,
	"amount_fen" integer DEFAULT 0 NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"refunded_at" timestamp with time zone,
	"last_lesson_key" varchar(24),
	"last_position_sec" double precision DEFAULT 0 NOT NULL,
	"last_studied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_enrolments_one_per_user" UNIQUE("course_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "course_reviews" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "course_reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"course_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"rating" smallint NOT NULL,
	"content" varchar(500) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_reviews_once" UNIQUE("course_id","user_id"),
	CONSTRAINT "course_review_rating" CHECK ("course_reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "course_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "course_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"course_id" integer NOT NULL,
	"version" integer NOT NULL,
	"content" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_versions_courseId_version_unique" UNIQUE("course_id","version")
);
--> statement-breakpoint
CREATE TABLE "course_videos" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"container" varchar(8) NOT NULL,
	"duration_sec" double precision NOT NULL,
	"size_bytes" integer NOT NULL,
	"width" integer,
	"height" integer,
	"original_name" varchar(200) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "courses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"expert_id" integer NOT NULL,
	"status" "content_status" DEFAULT 'draft' NOT NULL,
	"draft" jsonb NOT NULL,
	"published_version_id" integer,
	"title" varchar(60) NOT NULL,
	"category" varchar(20) NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"cover" varchar(80),
	"price_fen" integer DEFAULT 0 NOT NULL,
	"lesson_count" integer DEFAULT 0 NOT NULL,
	"duration_sec" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_price_nonnegative" CHECK ("courses"."price_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "course_lesson_progress" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "course_lesson_progress_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"course_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"lesson_key" varchar(24) NOT NULL,
	"position_sec" double precision DEFAULT 0 NOT NULL,
	"watched_sec" double precision DEFAULT 0 NOT NULL,
	"done_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_lesson_progress_one" UNIQUE("course_id","user_id","lesson_key")
);
--> statement-breakpoint
ALTER TABLE "course_enrolments" ADD CONSTRAINT "course_enrolments_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_enrolments" ADD CONSTRAINT "course_enrolments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_enrolments" ADD CONSTRAINT "course_enrolments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_reviews" ADD CONSTRAINT "course_reviews_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_reviews" ADD CONSTRAINT "course_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_versions" ADD CONSTRAINT "course_versions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_videos" ADD CONSTRAINT "course_videos_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_expert_id_users_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_lesson_progress" ADD CONSTRAINT "course_lesson_progress_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_lesson_progress" ADD CONSTRAINT "course_lesson_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_enrolments_user_id_last_studied_at_index" ON "course_enrolments" USING btree ("user_id","last_studied_at");--> statement-breakpoint
CREATE INDEX "course_enrolments_course_id_joined_at_index" ON "course_enrolments" USING btree ("course_id","joined_at");--> statement-breakpoint
CREATE INDEX "course_videos_owner_id_index" ON "course_videos" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "courses_status_index" ON "courses" USING btree ("status");--> statement-breakpoint
CREATE INDEX "courses_expert_id_index" ON "courses" USING btree ("expert_id");--> statement-breakpoint
CREATE INDEX "courses_title_trgm" ON "courses" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_open_course" ON "orders" USING btree ("user_id","item_id") WHERE "orders"."kind" = 'course' and "orders"."status" in ('unpaid', 'paid');