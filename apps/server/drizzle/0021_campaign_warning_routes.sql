CREATE TABLE "campaign_warning_routes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaign_warning_routes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"warning_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"step" integer NOT NULL,
	"unit_id" integer,
	"routed_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone,
	"contacted_at" timestamp with time zone,
	"contacted_by" integer,
	"contact_note" varchar(200),
	"escalated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "contact_hours" integer[] DEFAULT '{72,48,24}'::int[] NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_warning_routes" ADD CONSTRAINT "campaign_warning_routes_warning_id_warnings_id_fk" FOREIGN KEY ("warning_id") REFERENCES "public"."warnings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_warning_routes" ADD CONSTRAINT "campaign_warning_routes_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_warning_routes" ADD CONSTRAINT "campaign_warning_routes_member_id_org_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."org_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_warning_routes" ADD CONSTRAINT "campaign_warning_routes_unit_id_org_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."org_units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_warning_routes" ADD CONSTRAINT "campaign_warning_routes_contacted_by_users_id_fk" FOREIGN KEY ("contacted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_warning_routes_step" ON "campaign_warning_routes" USING btree ("warning_id","step");--> statement-breakpoint
CREATE INDEX "campaign_warning_routes_campaign_id_index" ON "campaign_warning_routes" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "campaign_warning_routes_unit_id_index" ON "campaign_warning_routes" USING btree ("unit_id");--> statement-breakpoint
CREATE INDEX "campaign_warning_routes_due" ON "campaign_warning_routes" USING btree ("due_at") WHERE "campaign_warning_routes"."contacted_at" is null and "campaign_warning_routes"."escalated_at" is null and "campaign_warning_routes"."due_at" is not null;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_contact_hours" CHECK (cardinality("campaigns"."contact_hours") = 3);