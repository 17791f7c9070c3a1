CREATE TABLE "sop_call_result" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"recording_id" integer NOT NULL,
	"rule_id" integer NOT NULL,
	"rule_name" varchar(50) NOT NULL,
	"result" jsonb NOT NULL,
	"coverage" real NOT NULL,
	"hit_count" integer NOT NULL,
	"missed_count" integer NOT NULL,
	"owner_user_id" integer,
	"call_time" timestamp with time zone,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sop_call_result_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"recording_id" integer NOT NULL,
	"rule_id" integer NOT NULL,
	"rule_name" varchar(50) NOT NULL,
	"result" jsonb NOT NULL,
	"coverage" real NOT NULL,
	"hit_count" integer NOT NULL,
	"missed_count" integer NOT NULL,
	"owner_user_id" integer,
	"call_time" timestamp with time zone,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"replaced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sop_item" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"rule_id" integer NOT NULL,
	"name" varchar(30) NOT NULL,
	"sort" integer NOT NULL,
	"keywords" text[] NOT NULL,
	"examples" text[] NOT NULL,
	"regex" text[] NOT NULL,
	"speaker" varchar(10) DEFAULT 'agent' NOT NULL,
	"llm_question" varchar(200),
	"after_keywords" text[] DEFAULT '{}'::text[] NOT NULL,
	"after_regex" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sop_rule" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"dept_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"follow_status_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sop_call_result_org_recording_rule_uq" ON "sop_call_result" USING btree ("organization_id","recording_id","rule_id");--> statement-breakpoint
CREATE INDEX "sop_call_result_org_rule_time_idx" ON "sop_call_result" USING btree ("organization_id","rule_id","call_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sop_call_result_org_owner_idx" ON "sop_call_result" USING btree ("organization_id","owner_user_id");--> statement-breakpoint
CREATE INDEX "sop_call_result_history_org_recording_idx" ON "sop_call_result_history" USING btree ("organization_id","recording_id","replaced_at");--> statement-breakpoint
CREATE INDEX "sop_item_org_rule_idx" ON "sop_item" USING btree ("organization_id","rule_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "sop_rule_org_name_uq" ON "sop_rule" USING btree ("organization_id","name") WHERE "sop_rule"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "sop_rule_org_idx" ON "sop_rule" USING btree ("organization_id","updated_at");