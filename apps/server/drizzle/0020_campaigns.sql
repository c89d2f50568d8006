CREATE TYPE "public"."campaign_status" AS ENUM('draft', 'open', 'closed');--> statement-breakpoint
CREATE TABLE "campaign_notices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaign_notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"campaign_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"sms" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_takes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaign_takes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"campaign_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"assessment_id" integer,
	"consented_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_units" (
	"campaign_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	CONSTRAINT "campaign_units_campaign_id_unit_id_pk" PRIMARY KEY("campaign_id","unit_id")
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaigns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"institution_id" integer NOT NULL,
	"title" varchar(60) NOT NULL,
	"plan_id" integer,
	"scale_id" integer,
	"consent_text" text NOT NULL,
	"show_result_to_member" boolean DEFAULT true NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"status" "campaign_status" DEFAULT 'draft' NOT NULL,
	"reminder_days_before_close" integer[] DEFAULT '{}'::int[] NOT NULL,
	"opened_at" timestamp with time zone,
	"last_reminded_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_plan_or_scale" CHECK (("campaigns"."plan_id" is null) <> ("campaigns"."scale_id" is null)),
	CONSTRAINT "campaigns_window" CHECK ("campaigns"."closes_at" > "campaigns"."opens_at")
);
--> statement-breakpoint
ALTER TABLE "campaign_notices" ADD CONSTRAINT "campaign_notices_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_notices" ADD CONSTRAINT "campaign_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_takes" ADD CONSTRAINT "campaign_takes_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_takes" ADD CONSTRAINT "campaign_takes_member_id_org_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."org_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_takes" ADD CONSTRAINT "campaign_takes_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_units" ADD CONSTRAINT "campaign_units_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_units" ADD CONSTRAINT "campaign_units_unit_id_org_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."org_units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_scale_id_scales_id_fk" FOREIGN KEY ("scale_id") REFERENCES "public"."scales"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_notices_user_id_created_at_index" ON "campaign_notices" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "campaign_notices_campaign_id_index" ON "campaign_notices" USING btree ("campaign_id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_takes_member" ON "campaign_takes" USING btree ("campaign_id","member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_takes_assessment" ON "campaign_takes" USING btree ("assessment_id");--> statement-breakpoint
CREATE INDEX "campaign_units_unit_id_index" ON "campaign_units" USING btree ("unit_id");--> statement-breakpoint
CREATE INDEX "campaigns_institution_id_created_at_index" ON "campaigns" USING btree ("institution_id","created_at");--> statement-breakpoint
CREATE INDEX "campaigns_status_closes_at_index" ON "campaigns" USING btree ("status","closes_at");