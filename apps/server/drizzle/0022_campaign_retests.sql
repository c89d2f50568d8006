CREATE TABLE "campaign_members" (
	"campaign_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	CONSTRAINT "campaign_members_campaign_id_member_id_pk" PRIMARY KEY("campaign_id","member_id")
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "retest_of" integer;--> statement-breakpoint
ALTER TABLE "campaign_members" ADD CONSTRAINT "campaign_members_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_members" ADD CONSTRAINT "campaign_members_member_id_org_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."org_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_members_member_id_index" ON "campaign_members" USING btree ("member_id");--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_retest_of_campaigns_id_fk" FOREIGN KEY ("retest_of") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaigns_retest_of_index" ON "campaigns" USING btree ("retest_of");