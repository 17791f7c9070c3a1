CREATE TABLE "acquisition_check" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"verified_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "acquisition_order" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"order_no" varchar(32) NOT NULL,
	"package_name" varchar(100) NOT NULL,
	"lead_count" integer NOT NULL,
	"amount_fen" bigint NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "acquisition_usage" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"user_id" integer,
	"lead_name" varchar(50) NOT NULL,
	"company" varchar(100) DEFAULT '' NOT NULL,
	"phone" varchar(20) NOT NULL,
	"region" varchar(60) DEFAULT '' NOT NULL,
	"cost_fen" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_entry" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"type" varchar(16) NOT NULL,
	"amount_fen" bigint NOT NULL,
	"balance_after_fen" bigint NOT NULL,
	"ref_key" varchar(120) NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_entry_balance_not_negative" CHECK ("billing_entry"."balance_after_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "billing_call_fee" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"call_id" varchar(64) NOT NULL,
	"line" varchar(50) NOT NULL,
	"user_id" integer,
	"billable_seconds" integer NOT NULL,
	"minutes" integer NOT NULL,
	"rate_fen_per_minute" integer NOT NULL,
	"amount_fen" bigint NOT NULL,
	"entry_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_call_rate" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"line" varchar(50) NOT NULL,
	"rate_fen_per_minute" integer NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_invoice" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"title_type" smallint NOT NULL,
	"title" varchar(100) NOT NULL,
	"tax_no" varchar(30) DEFAULT '' NOT NULL,
	"amount_fen" bigint NOT NULL,
	"email" varchar(100) NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "billing_certification" (
	"organization_id" integer PRIMARY KEY NOT NULL,
	"status" smallint NOT NULL,
	"company_name" varchar(100) NOT NULL,
	"credit_code" varchar(18) NOT NULL,
	"license_url" varchar(500) NOT NULL,
	"reject_reason" varchar(200),
	"submitted_by" integer,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "billing_recharge" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"order_no" varchar(32) NOT NULL,
	"channel" varchar(16) NOT NULL,
	"amount_fen" bigint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"pay_url" varchar(4000) DEFAULT '' NOT NULL,
	"gateway_trade_no" varchar(64),
	"paid_at" timestamp with time zone,
	"entry_id" bigint,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_recharge_amount_positive" CHECK ("billing_recharge"."amount_fen" > 0)
);
--> statement-breakpoint
CREATE TABLE "crm_order" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"order_no" varchar(24) NOT NULL,
	"clue_id" integer,
	"customer_name" varchar(100) NOT NULL,
	"owner_id" integer NOT NULL,
	"dept_id" integer,
	"status" smallint NOT NULL,
	"total_fen" bigint NOT NULL,
	"paid_fen" bigint DEFAULT 0 NOT NULL,
	"product_names" varchar(500) DEFAULT '' NOT NULL,
	"signed_on" date NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"custom" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"remark" varchar(500),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "crm_order_paid_within_total" CHECK ("crm_order"."paid_fen" >= 0 and "crm_order"."paid_fen" <= "crm_order"."total_fen")
);
--> statement-breakpoint
CREATE TABLE "crm_order_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer,
	"action" varchar(20) NOT NULL,
	"content" varchar(1000) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_order_line" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"product_name" varchar(100) NOT NULL,
	"product_code" varchar(50) NOT NULL,
	"unit" varchar(10) NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_fen" bigint NOT NULL,
	"discount_bp" integer NOT NULL,
	"line_total_fen" bigint NOT NULL,
	"sort_no" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_order_payment" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"amount_fen" bigint NOT NULL,
	"paid_on" date NOT NULL,
	"method" varchar(20) NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_order_seq" (
	"organization_id" integer NOT NULL,
	"day" varchar(8) NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "crm_order_seq_organization_id_day_pk" PRIMARY KEY("organization_id","day")
);
--> statement-breakpoint
CREATE TABLE "crm_order_setting" (
	"organization_id" integer PRIMARY KEY NOT NULL,
	"paid_stage" smallint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_product" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"code" varchar(50) NOT NULL,
	"unit" varchar(10) NOT NULL,
	"price_fen" bigint NOT NULL,
	"category" varchar(50),
	"on_sale" smallint DEFAULT 1 NOT NULL,
	"custom" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"remark" varchar(500),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "acquisition_order_no_uq" ON "acquisition_order" USING btree ("organization_id","order_no");--> statement-breakpoint
CREATE INDEX "acquisition_order_org_idx" ON "acquisition_order" USING btree ("organization_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "acquisition_usage_org_idx" ON "acquisition_usage" USING btree ("organization_id","kind","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_entry_ref_uq" ON "billing_entry" USING btree ("organization_id","ref_key");--> statement-breakpoint
CREATE INDEX "billing_entry_org_created_idx" ON "billing_entry" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "billing_entry_org_type_idx" ON "billing_entry" USING btree ("organization_id","type","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_call_fee_call_uq" ON "billing_call_fee" USING btree ("organization_id","call_id");--> statement-breakpoint
CREATE INDEX "billing_call_fee_org_created_idx" ON "billing_call_fee" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_call_rate_line_uq" ON "billing_call_rate" USING btree ("organization_id","line");--> statement-breakpoint
CREATE INDEX "billing_invoice_org_created_idx" ON "billing_invoice" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_recharge_no_uq" ON "billing_recharge" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "billing_recharge_org_created_idx" ON "billing_recharge" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_order_no_uq" ON "crm_order" USING btree ("organization_id","order_no");--> statement-breakpoint
CREATE INDEX "crm_order_org_created_idx" ON "crm_order" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "crm_order_owner_created_idx" ON "crm_order" USING btree ("organization_id","owner_id","created_at","id");--> statement-breakpoint
CREATE INDEX "crm_order_status_created_idx" ON "crm_order" USING btree ("organization_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "crm_order_owner_status_idx" ON "crm_order" USING btree ("organization_id","owner_id","status") WHERE "crm_order"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "crm_order_signed_idx" ON "crm_order" USING btree ("organization_id","signed_on");--> statement-breakpoint
CREATE INDEX "crm_order_clue_idx" ON "crm_order" USING btree ("organization_id","clue_id");--> statement-breakpoint
CREATE INDEX "crm_order_event_order_idx" ON "crm_order_event" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "crm_order_line_order_idx" ON "crm_order_line" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "crm_order_line_product_idx" ON "crm_order_line" USING btree ("organization_id","product_id","order_id");--> statement-breakpoint
CREATE INDEX "crm_order_payment_order_idx" ON "crm_order_payment" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_product_code_uq" ON "crm_product" USING btree ("organization_id","code") WHERE "crm_product"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "crm_product_org_idx" ON "crm_product" USING btree ("organization_id","created_at");