CREATE TABLE "quality_check" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"recording_id" integer NOT NULL,
	"scorecard_id" integer,
	"scorecard_name" varchar(50),
	"score" integer NOT NULL,
	"pass_line" integer NOT NULL,
	"passed" boolean NOT NULL,
	"fatal" boolean NOT NULL,
	"deductions" jsonb NOT NULL,
	"violation_count" integer NOT NULL,
	"violation_rules" text[] NOT NULL,
	"missed_item_ids" integer[] NOT NULL,
	"sop_coverage" real,
	"owner_user_id" integer,
	"dept_id" integer,
	"call_time" timestamp with time zone,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quality_check_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"recording_id" integer NOT NULL,
	"scorecard_id" integer,
	"scorecard_name" varchar(50),
	"score" integer NOT NULL,
	"pass_line" integer NOT NULL,
	"passed" boolean NOT NULL,
	"fatal" boolean NOT NULL,
	"deductions" jsonb NOT NULL,
	"violation_count" integer NOT NULL,
	"violation_rules" text[] NOT NULL,
	"missed_item_ids" integer[] NOT NULL,
	"sop_coverage" real,
	"owner_user_id" integer,
	"dept_id" integer,
	"call_time" timestamp with time zone,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"replaced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scorecard" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"pass_line" integer DEFAULT 60 NOT NULL,
	"items" jsonb NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "quality_check_org_recording_uq" ON "quality_check" USING btree ("organization_id","recording_id");--> statement-breakpoint
CREATE INDEX "quality_check_org_time_idx" ON "quality_check" USING btree ("organization_id","call_time" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "quality_check_org_owner_idx" ON "quality_check" USING btree ("organization_id","owner_user_id","call_time");--> statement-breakpoint
CREATE INDEX "quality_check_org_score_idx" ON "quality_check" USING btree ("organization_id","score");--> statement-breakpoint
CREATE INDEX "quality_check_history_org_recording_idx" ON "quality_check_history" USING btree ("organization_id","recording_id","replaced_at");--> statement-breakpoint
CREATE UNIQUE INDEX "scorecard_org_name_uq" ON "scorecard" USING btree ("organization_id","name") WHERE "scorecard"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "scorecard_org_active_uq" ON "scorecard" USING btree ("organization_id") WHERE "scorecard"."active" and "scorecard"."deleted_at" is null;