CREATE TABLE "ai_field" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"key" varchar(40) NOT NULL,
	"name" varchar(20) NOT NULL,
	"description" varchar(200),
	"hints" text[] DEFAULT '{}'::text[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_model" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"name" varchar(30) NOT NULL,
	"kind" varchar(10) NOT NULL,
	"base_url" varchar(300),
	"api_key" varchar(300),
	"model" varchar(100),
	"timeout_ms" integer DEFAULT 60000 NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_org_setting" (
	"organization_id" integer PRIMARY KEY NOT NULL,
	"ai_open" boolean DEFAULT false NOT NULL,
	"opened_at" timestamp with time zone,
	"opened_by" integer,
	"trial_granted" boolean DEFAULT false NOT NULL,
	"demand" jsonb,
	"demand_remark" text,
	"demand_saved_at" timestamp with time zone,
	"show_set" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"msg_push" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"risk" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"intention_phrases" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"fields_seeded" boolean DEFAULT false NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_tag" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"name" varchar(20) NOT NULL,
	"keywords" text[] DEFAULT '{}'::text[] NOT NULL,
	"speaker" varchar(10) DEFAULT 'any' NOT NULL,
	"show" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_tag_group" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"name" varchar(20) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_call_comment" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"recording_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"ref" integer,
	"root_id" integer,
	"text" varchar(1000) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "call_analysis" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"recording_id" integer NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"analysed_version" integer,
	"paused" boolean DEFAULT false NOT NULL,
	"paused_reason" varchar(200),
	"batch_id" integer,
	"error" text,
	"llm_error" text,
	"model_name" varchar(100),
	"machine" jsonb,
	"correction" jsonb,
	"corrected_by" integer,
	"corrected_at" timestamp with time zone,
	"intention" smallint,
	"intention_degree" smallint,
	"ai_labels" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"call_tags" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"custom_tag_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"churn_risk" smallint,
	"risk" smallint,
	"flags" smallint DEFAULT 0 NOT NULL,
	"violation_rules" text[] DEFAULT '{}'::text[] NOT NULL,
	"violation_count" integer DEFAULT 0 NOT NULL,
	"keywords" text[] DEFAULT '{}'::text[] NOT NULL,
	"summary" text,
	"search_text" text DEFAULT '' NOT NULL,
	"sent_messages" text[] DEFAULT '{}'::text[] NOT NULL,
	"analysed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "call_analysis_batch" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"created_by" integer,
	"total" integer DEFAULT 0 NOT NULL,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "call_analysis_batch_item" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"recording_id" integer NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clue_ai_tag" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"clue_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"tag_id" integer NOT NULL,
	"tag_name" varchar(100) NOT NULL,
	"recording_id" integer,
	"removed_by" integer,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cost_pack" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"kind" varchar(32) NOT NULL,
	"name" varchar(100) NOT NULL,
	"total_units" integer NOT NULL,
	"used_units" integer DEFAULT 0 NOT NULL,
	"price_fen" bigint DEFAULT 0 NOT NULL,
	"source" varchar(16) NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cost_pack_used_within_total" CHECK ("cost_pack"."used_units" >= 0 and "cost_pack"."used_units" <= "cost_pack"."total_units")
);
--> statement-breakpoint
CREATE TABLE "cost_usage" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"kind" varchar(32) NOT NULL,
	"pack_id" integer NOT NULL,
	"units" integer NOT NULL,
	"cost_fen" bigint DEFAULT 0 NOT NULL,
	"ref_key" varchar(200) NOT NULL,
	"recording_id" integer,
	"user_id" integer,
	"remark" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "ai_field_org_key_uq" ON "ai_field" USING btree ("organization_id","key");--> statement-breakpoint
CREATE INDEX "ai_model_org_idx" ON "ai_model" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_model_org_active_uq" ON "ai_model" USING btree ("organization_id") WHERE "ai_model"."active";--> statement-breakpoint
CREATE UNIQUE INDEX "ai_model_org_builtin_uq" ON "ai_model" USING btree ("organization_id") WHERE "ai_model"."kind" = 'builtin';--> statement-breakpoint
CREATE UNIQUE INDEX "ai_tag_org_group_name_uq" ON "ai_tag" USING btree ("organization_id","group_id","name");--> statement-breakpoint
CREATE INDEX "ai_tag_org_sort_idx" ON "ai_tag" USING btree ("organization_id","sort","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_tag_group_org_name_uq" ON "ai_tag_group" USING btree ("organization_id","name");--> statement-breakpoint
CREATE INDEX "ai_call_comment_recording_idx" ON "ai_call_comment" USING btree ("organization_id","recording_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "call_analysis_recording_uq" ON "call_analysis" USING btree ("organization_id","recording_id");--> statement-breakpoint
CREATE INDEX "call_analysis_org_intention_idx" ON "call_analysis" USING btree ("organization_id","intention");--> statement-breakpoint
CREATE INDEX "call_analysis_org_churn_idx" ON "call_analysis" USING btree ("organization_id","churn_risk");--> statement-breakpoint
CREATE INDEX "call_analysis_org_status_idx" ON "call_analysis" USING btree ("organization_id","status");--> statement-breakpoint
CREATE INDEX "call_analysis_paused_idx" ON "call_analysis" USING btree ("organization_id") WHERE paused;--> statement-breakpoint
CREATE INDEX "call_analysis_ai_labels_gin" ON "call_analysis" USING gin ("ai_labels");--> statement-breakpoint
CREATE INDEX "call_analysis_call_tags_gin" ON "call_analysis" USING gin ("call_tags");--> statement-breakpoint
CREATE INDEX "call_analysis_custom_tags_gin" ON "call_analysis" USING gin ("custom_tag_ids");--> statement-breakpoint
CREATE INDEX "call_analysis_violation_rules_gin" ON "call_analysis" USING gin ("violation_rules");--> statement-breakpoint
CREATE INDEX "call_analysis_keywords_gin" ON "call_analysis" USING gin ("keywords");--> statement-breakpoint
CREATE INDEX "call_analysis_search_trgm" ON "call_analysis" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "call_analysis_batch_org_idx" ON "call_analysis_batch" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "call_analysis_batch_item_uq" ON "call_analysis_batch_item" USING btree ("batch_id","recording_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clue_ai_tag_uq" ON "clue_ai_tag" USING btree ("organization_id","clue_id","kind","tag_id");--> statement-breakpoint
CREATE INDEX "clue_ai_tag_recording_idx" ON "clue_ai_tag" USING btree ("organization_id","recording_id");--> statement-breakpoint
CREATE INDEX "cost_pack_org_kind_expiry_idx" ON "cost_pack" USING btree ("organization_id","kind","expires_at");--> statement-breakpoint
CREATE INDEX "cost_pack_org_kind_created_idx" ON "cost_pack" USING btree ("organization_id","kind","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cost_usage_ref_key_uq" ON "cost_usage" USING btree ("organization_id","kind","ref_key");--> statement-breakpoint
CREATE INDEX "cost_usage_org_kind_created_idx" ON "cost_usage" USING btree ("organization_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "cost_usage_org_kind_user_idx" ON "cost_usage" USING btree ("organization_id","kind","user_id","created_at");--> statement-breakpoint
CREATE INDEX "recording_org_call_time_idx" ON "recording" USING btree ("organization_id","call_time" DESC NULLS LAST,"id" DESC NULLS LAST);