CREATE TABLE "billing_vendor_order" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"order_no" varchar(32) NOT NULL,
	"product" varchar(32) NOT NULL,
	"name" varchar(100) NOT NULL,
	"type" smallint NOT NULL,
	"units" integer NOT NULL,
	"amount_fen" bigint DEFAULT 0 NOT NULL,
	"pack_id" integer,
	"entry_id" bigint,
	"starts_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "billing_vendor_order_no_uq" ON "billing_vendor_order" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_vendor_order_trial_uq" ON "billing_vendor_order" USING btree ("organization_id","product") WHERE "billing_vendor_order"."type" = 2;--> statement-breakpoint
CREATE INDEX "billing_vendor_order_org_created_idx" ON "billing_vendor_order" USING btree ("organization_id","created_at");