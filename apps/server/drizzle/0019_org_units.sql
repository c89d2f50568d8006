CREATE TABLE "org_members" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "org_members_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"institution_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"telephone" varchar(11) NOT NULL,
	"member_no" varchar(32) NOT NULL,
	"gender" "gender" DEFAULT 'unknown' NOT NULL,
	"birth_year" smallint,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "org_members_birth_year" CHECK ("org_members"."birth_year" is null or "org_members"."birth_year" between 1900 and 2100)
);
--> statement-breakpoint
CREATE TABLE "org_unit_staff" (
	"unit_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "org_unit_staff_unit_id_user_id_pk" PRIMARY KEY("unit_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "org_units" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "org_units_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"institution_id" integer NOT NULL,
	"parent_id" integer,
	"name" varchar(50) NOT NULL,
	"kind" varchar(20) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "org_members" ADD CONSTRAINT "org_members_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_members" ADD CONSTRAINT "org_members_unit_id_org_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."org_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_members" ADD CONSTRAINT "org_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_unit_staff" ADD CONSTRAINT "org_unit_staff_unit_id_org_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."org_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_unit_staff" ADD CONSTRAINT "org_unit_staff_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_units" ADD CONSTRAINT "org_units_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_units" ADD CONSTRAINT "org_units_parent_id_org_units_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."org_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "org_members_member_no" ON "org_members" USING btree ("institution_id","member_no");--> statement-breakpoint
CREATE UNIQUE INDEX "org_members_telephone" ON "org_members" USING btree ("institution_id","telephone");--> statement-breakpoint
CREATE INDEX "org_members_unit_id_member_no_index" ON "org_members" USING btree ("unit_id","member_no");--> statement-breakpoint
CREATE INDEX "org_members_user_id_index" ON "org_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "org_unit_staff_user_id_index" ON "org_unit_staff" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "org_units_sibling_name" ON "org_units" USING btree ("institution_id",coalesce("parent_id", 0),"name");--> statement-breakpoint
CREATE INDEX "org_units_parent_id_index" ON "org_units" USING btree ("parent_id");