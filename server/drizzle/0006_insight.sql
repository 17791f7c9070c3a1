CREATE TABLE "business_reminder" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"clue_id" integer NOT NULL,
	"signal" varchar(20) NOT NULL,
	"signal_key" varchar(80) NOT NULL,
	"title" varchar(100) NOT NULL,
	"content" varchar(500) NOT NULL,
	"recording_id" integer,
	"start_ms" integer,
	"status" smallint DEFAULT 0 NOT NULL,
	"remind_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_briefing" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"clue_id" integer NOT NULL,
	"content" jsonb NOT NULL,
	"intention" smallint,
	"churn_risk" smallint,
	"top_score" smallint DEFAULT 0 NOT NULL,
	"label_scores" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"call_count" integer DEFAULT 0 NOT NULL,
	"last_call_at" timestamp with time zone,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insight_call" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"recording_id" integer NOT NULL,
	"clue_id" integer,
	"owner_user_id" integer,
	"dept_id" integer,
	"stage" smallint,
	"call_at" timestamp with time zone NOT NULL,
	"intention" smallint,
	"intention_degree" smallint,
	"churn_risk" smallint,
	"ai_labels" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"inbound" smallint DEFAULT 0 NOT NULL,
	"summary" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insight_daily" (
	"organization_id" integer NOT NULL,
	"day" date NOT NULL,
	"owner_user_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"label" varchar(60) NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"strong" integer DEFAULT 0 NOT NULL,
	"high_churn" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "insight_daily_organization_id_day_owner_user_id_kind_label_pk" PRIMARY KEY("organization_id","day","owner_user_id","kind","label")
);
--> statement-breakpoint
CREATE TABLE "insight_mention" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"recording_id" integer NOT NULL,
	"clue_id" integer,
	"owner_user_id" integer,
	"dept_id" integer,
	"stage" smallint,
	"call_at" timestamp with time zone NOT NULL,
	"kind" varchar(20) NOT NULL,
	"label" varchar(60) NOT NULL,
	"sentence" varchar(300) NOT NULL,
	"answer" varchar(300),
	"speaker" varchar(10) NOT NULL,
	"segment" integer NOT NULL,
	"start_ms" integer NOT NULL,
	"due_on" date
);
--> statement-breakpoint
CREATE TABLE "insight_topic" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"name" varchar(30) NOT NULL,
	"words" text[] NOT NULL,
	"examples" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminder_setting" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"setting" jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "business_reminder_once_uq" ON "business_reminder" USING btree ("organization_id","user_id","clue_id","signal","signal_key");--> statement-breakpoint
CREATE INDEX "business_reminder_user_idx" ON "business_reminder" USING btree ("organization_id","user_id","status","created_at");--> statement-breakpoint
CREATE INDEX "business_reminder_due_idx" ON "business_reminder" USING btree ("remind_at") WHERE "business_reminder"."delivered_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_briefing_clue_uq" ON "customer_briefing" USING btree ("organization_id","clue_id");--> statement-breakpoint
CREATE INDEX "customer_briefing_org_intention_idx" ON "customer_briefing" USING btree ("organization_id","intention");--> statement-breakpoint
CREATE INDEX "customer_briefing_org_churn_idx" ON "customer_briefing" USING btree ("organization_id","churn_risk");--> statement-breakpoint
CREATE UNIQUE INDEX "insight_call_recording_uq" ON "insight_call" USING btree ("organization_id","recording_id");--> statement-breakpoint
CREATE INDEX "insight_call_org_time_idx" ON "insight_call" USING btree ("organization_id","call_at");--> statement-breakpoint
CREATE INDEX "insight_call_clue_idx" ON "insight_call" USING btree ("organization_id","clue_id","call_at");--> statement-breakpoint
CREATE INDEX "insight_call_strong_idx" ON "insight_call" USING btree ("call_at") WHERE "insight_call"."intention" = 1;--> statement-breakpoint
CREATE INDEX "insight_daily_kind_idx" ON "insight_daily" USING btree ("organization_id","kind","day");--> statement-breakpoint
CREATE INDEX "insight_mention_org_kind_time_idx" ON "insight_mention" USING btree ("organization_id","kind","call_at");--> statement-breakpoint
CREATE INDEX "insight_mention_clue_idx" ON "insight_mention" USING btree ("organization_id","clue_id","call_at");--> statement-breakpoint
CREATE INDEX "insight_mention_recording_idx" ON "insight_mention" USING btree ("organization_id","recording_id");--> statement-breakpoint
CREATE INDEX "insight_mention_due_idx" ON "insight_mention" USING btree ("due_on") WHERE "insight_mention"."due_on" is not null;--> statement-breakpoint
CREATE INDEX "insight_mention_label_idx" ON "insight_mention" USING btree ("organization_id","kind","label","call_at");--> statement-breakpoint
CREATE UNIQUE INDEX "insight_topic_name_uq" ON "insight_topic" USING btree ("organization_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_setting_org_uq" ON "reminder_setting" USING btree ("organization_id");