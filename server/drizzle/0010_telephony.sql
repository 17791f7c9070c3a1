CREATE TABLE "call_event" (
	"organization_id" integer NOT NULL,
	"call_id" varchar(64) NOT NULL,
	"event_key" varchar(120) NOT NULL,
	"type" varchar(20) NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "call_event_call_id_event_key_pk" PRIMARY KEY("call_id","event_key")
);
--> statement-breakpoint
CREATE TABLE "call_filing" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"company_name" varchar(100) NOT NULL,
	"numbers" text[] NOT NULL,
	"script" text NOT NULL,
	"materials" text[] NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"audit_remark" varchar(500),
	"submitted_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "call_guard" (
	"organization_id" integer PRIMARY KEY NOT NULL,
	"status" smallint DEFAULT 2 NOT NULL,
	"daily_limit" smallint DEFAULT 3 NOT NULL,
	"weekly_limit" smallint DEFAULT 10 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "call_line" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"numbers" text[] DEFAULT '{}'::text[] NOT NULL,
	"price_per_minute" integer DEFAULT 0 NOT NULL,
	"gateway" varchar(100) DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "call_number_list" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"phone" varchar(24) NOT NULL,
	"risk_type" smallint DEFAULT 1 NOT NULL,
	"reason" varchar(200),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "call_provider_config" (
	"organization_id" integer PRIMARY KEY NOT NULL,
	"provider" varchar(20) NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "call_record" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"call_id" varchar(64) NOT NULL,
	"provider_call_id" varchar(100),
	"provider" varchar(20) NOT NULL,
	"user_id" integer NOT NULL,
	"seat_id" integer,
	"seat_no" varchar(20),
	"line_id" integer,
	"clue_id" integer,
	"task_id" integer,
	"task_lead_id" integer,
	"phone" varchar(24) NOT NULL,
	"display_number" varchar(24),
	"phase" smallint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"end_reason" varchar(20),
	"dialed_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"duration_seconds" integer DEFAULT 0 NOT NULL,
	"billable_seconds" integer DEFAULT 0 NOT NULL,
	"recording_url" varchar(500),
	"recording_id" integer,
	"follow_id" integer,
	"error" varchar(300),
	"last_event_at" timestamp with time zone,
	"final_event_key" varchar(120),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "call_seat" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"seat_no" varchar(20) NOT NULL,
	"user_id" integer,
	"line_id" integer,
	"display_number" varchar(24),
	"sip_password" varchar(64) NOT NULL,
	"bound_at" timestamp with time zone,
	"expire_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "call_seat_transfer" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"seat_id" integer NOT NULL,
	"seat_no" varchar(20) NOT NULL,
	"from_user_id" integer,
	"to_user_id" integer,
	"operator_id" integer NOT NULL,
	"reason" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "call_task" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"status" smallint DEFAULT 2 NOT NULL,
	"seat_user_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"creator_id" integer NOT NULL,
	"remark" varchar(200),
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "call_task_lead" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"clue_id" integer NOT NULL,
	"assigned_user_id" integer,
	"call_status" smallint DEFAULT 1 NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"talk_seconds" integer DEFAULT 0 NOT NULL,
	"last_call_id" varchar(64),
	"last_call_at" timestamp with time zone,
	"skipped" boolean DEFAULT false NOT NULL,
	"sort_no" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "call_user_setting" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"line_id" integer,
	"display_number" varchar(24),
	"auto_next_seconds" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "call_webhook_nonce" (
	"nonce" varchar(80) PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "call_filing_org_idx" ON "call_filing" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "call_line_org_idx" ON "call_line" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "call_number_list_uq" ON "call_number_list" USING btree ("organization_id","phone","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "call_record_call_id_uq" ON "call_record" USING btree ("call_id");--> statement-breakpoint
CREATE INDEX "call_record_org_created_idx" ON "call_record" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "call_record_org_phone_idx" ON "call_record" USING btree ("organization_id","phone","created_at");--> statement-breakpoint
CREATE INDEX "call_record_org_clue_idx" ON "call_record" USING btree ("organization_id","clue_id");--> statement-breakpoint
CREATE INDEX "call_record_created_idx" ON "call_record" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "call_seat_org_no_uq" ON "call_seat" USING btree ("organization_id","seat_no") WHERE "call_seat"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "call_seat_org_user_uq" ON "call_seat" USING btree ("organization_id","user_id") WHERE "call_seat"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "call_seat_transfer_org_idx" ON "call_seat_transfer" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "call_task_org_idx" ON "call_task" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "call_task_lead_uq" ON "call_task_lead" USING btree ("task_id","clue_id");--> statement-breakpoint
CREATE INDEX "call_task_lead_next_idx" ON "call_task_lead" USING btree ("task_id","call_status","sort_no");--> statement-breakpoint
CREATE INDEX "call_webhook_nonce_received_idx" ON "call_webhook_nonce" USING btree ("received_at");