CREATE TABLE "duplicate_payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "duplicate_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"provider_txn_id" varchar(64) NOT NULL,
	"amount_fen" integer NOT NULL,
	"status" varchar(20) DEFAULT 'refunding' NOT NULL,
	"provider_refund_id" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "duplicate_payments_txn" UNIQUE("order_id","provider_txn_id")
);
--> statement-breakpoint
CREATE TABLE "outbox_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbox_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" varchar(64) NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"available_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"delivered_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "duplicate_payments" ADD CONSTRAINT "duplicate_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "duplicate_payments_status_index" ON "duplicate_payments" USING btree ("status");--> statement-breakpoint
CREATE INDEX "outbox_events_due" ON "outbox_events" USING btree ("available_at","id") WHERE delivered_at is null and failed_at is null;--> statement-breakpoint
CREATE INDEX "outbox_events_delivered_at_index" ON "outbox_events" USING btree ("delivered_at");