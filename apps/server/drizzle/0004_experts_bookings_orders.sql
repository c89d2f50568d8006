CREATE TYPE "public"."consult_mode" AS ENUM('online', 'offline');--> statement-breakpoint
CREATE TYPE "public"."slot_source" AS ENUM('template', 'manual');--> statement-breakpoint
CREATE TYPE "public"."slot_status" AS ENUM('open', 'closed');--> statement-breakpoint
CREATE TYPE "public"."order_kind" AS ENUM('booking', 'course', 'report');--> statement-breakpoint
CREATE TYPE "public"."order_status" AS ENUM('unpaid', 'paid', 'refunding', 'refunded', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."booking_status" AS ENUM('pending_payment', 'confirmed', 'completed', 'no_show', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."cancelled_by" AS ENUM('user', 'expert', 'system');--> statement-breakpoint
CREATE TYPE "public"."contact_preference" AS ENUM('phone', 'chat', 'either');--> statement-breakpoint
CREATE TABLE "availability_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "availability_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"expert_id" integer NOT NULL,
	"weekday" integer NOT NULL,
	"start_time" varchar(5) NOT NULL,
	"duration_minutes" integer NOT NULL,
	"mode" "consult_mode" NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "template_unique" UNIQUE("expert_id","weekday","start_time"),
	CONSTRAINT "template_weekday" CHECK ("availability_templates"."weekday" between 1 and 7)
);
--> statement-breakpoint
CREATE TABLE "expert_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"title" varchar(50) NOT NULL,
	"qualifications" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"specialties" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"introduction" text NOT NULL,
	"modes" jsonb DEFAULT '["online"]'::jsonb NOT NULL,
	"price_fen" integer NOT NULL,
	"session_minutes" integer DEFAULT 50 NOT NULL,
	"years_of_practice" integer DEFAULT 0 NOT NULL,
	"address" varchar(200),
	"rating" numeric(2, 1) DEFAULT 5 NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expert_price_nonnegative" CHECK ("expert_profiles"."price_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "slots" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "slots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"expert_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"mode" "consult_mode" NOT NULL,
	"status" "slot_status" DEFAULT 'open' NOT NULL,
	"source" "slot_source" NOT NULL,
	"template_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "slots_expert_start" UNIQUE("expert_id","starts_at"),
	CONSTRAINT "slot_order" CHECK ("slots"."ends_at" > "slots"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_no" varchar(32) NOT NULL,
	"user_id" integer NOT NULL,
	"kind" "order_kind" NOT NULL,
	"item_id" integer NOT NULL,
	"title" varchar(200) NOT NULL,
	"amount_fen" integer NOT NULL,
	"status" "order_status" DEFAULT 'unpaid' NOT NULL,
	"provider" varchar(20) NOT NULL,
	"provider_txn_id" varchar(64),
	"refund_fen" integer DEFAULT 0 NOT NULL,
	"provider_refund_id" varchar(64),
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_orderNo_unique" UNIQUE("order_no"),
	CONSTRAINT "order_amount_nonnegative" CHECK ("orders"."amount_fen" >= 0),
	CONSTRAINT "order_refund_bounded" CHECK ("orders"."refund_fen" between 0 and "orders"."amount_fen")
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider" varchar(20) NOT NULL,
	"order_no" varchar(32),
	"kind" varchar(20) NOT NULL,
	"nonce" varchar(64),
	"outcome" varchar(30) NOT NULL,
	"payload" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_nonce" UNIQUE("provider","nonce")
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bookings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"expert_id" integer NOT NULL,
	"slot_id" integer NOT NULL,
	"status" "booking_status" DEFAULT 'pending_payment' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"mode" "consult_mode" NOT NULL,
	"price_fen" integer NOT NULL,
	"topic" varchar(200) NOT NULL,
	"contact_preference" "contact_preference" NOT NULL,
	"note" text,
	"hold_expires_at" timestamp with time zone,
	"order_id" integer,
	"cancelled_by" "cancelled_by",
	"cancel_reason" varchar(200),
	"cancelled_at" timestamp with time zone,
	"refund_fen" integer DEFAULT 0 NOT NULL,
	"reminder24_sent_at" timestamp with time zone,
	"reminder1_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "availability_templates" ADD CONSTRAINT "availability_templates_expert_id_users_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expert_profiles" ADD CONSTRAINT "expert_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slots" ADD CONSTRAINT "slots_expert_id_users_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slots" ADD CONSTRAINT "slots_template_id_availability_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."availability_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_expert_id_users_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_slot_id_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."slots"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "availability_templates_expert_id_index" ON "availability_templates" USING btree ("expert_id");--> statement-breakpoint
CREATE INDEX "expert_profiles_price_fen_index" ON "expert_profiles" USING btree ("price_fen");--> statement-breakpoint
CREATE INDEX "slots_expert_id_starts_at_index" ON "slots" USING btree ("expert_id","starts_at");--> statement-breakpoint
CREATE INDEX "orders_user_id_created_at_index" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_kind_item_id_index" ON "orders" USING btree ("kind","item_id");--> statement-breakpoint
CREATE INDEX "orders_status_expires_at_index" ON "orders" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "payment_events_order_no_index" ON "payment_events" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "bookings_user_id_starts_at_index" ON "bookings" USING btree ("user_id","starts_at");--> statement-breakpoint
CREATE INDEX "bookings_expert_id_starts_at_index" ON "bookings" USING btree ("expert_id","starts_at");--> statement-breakpoint
CREATE INDEX "bookings_status_start" ON "bookings" USING btree ("status","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_one_active_per_slot" ON "bookings" USING btree ("slot_id") WHERE status in ('pending_payment', 'confirmed');