CREATE TABLE "chat_script" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"description" varchar(500),
	"persona" jsonb NOT NULL,
	"stages" text[] NOT NULL,
	"scoring_points" jsonb NOT NULL,
	"forbidden_words" text[] DEFAULT '{}'::text[] NOT NULL,
	"pass_score" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "practice_customer_line" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"recording_id" integer NOT NULL,
	"segment" integer NOT NULL,
	"stage" varchar(16) NOT NULL,
	"agent_text" text NOT NULL,
	"customer_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "practice_quota" (
	"organization_id" integer PRIMARY KEY NOT NULL,
	"company_monthly_quota" integer DEFAULT 0 NOT NULL,
	"user_monthly_quota" integer DEFAULT 0 NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "practice_session" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"script_id" integer NOT NULL,
	"script_name" varchar(50) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"engine" varchar(8) NOT NULL,
	"stage_index" integer DEFAULT 0 NOT NULL,
	"stage_turns" integer DEFAULT 0 NOT NULL,
	"raised" integer[] DEFAULT '{}'::int[] NOT NULL,
	"turn_count" integer DEFAULT 0 NOT NULL,
	"last_heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"total_score" integer,
	"pass_score" integer NOT NULL,
	"passed" boolean,
	"review" jsonb,
	"charged_minutes" integer DEFAULT 0 NOT NULL,
	"over_minutes" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "practice_turn" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"speaker" varchar(10) NOT NULL,
	"text" text NOT NULL,
	"stage" varchar(16),
	"source" varchar(8),
	"fallback" varchar(200),
	"recording_id" integer,
	"via" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "chat_script_org_idx" ON "chat_script" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "practice_customer_line_uq" ON "practice_customer_line" USING btree ("organization_id","recording_id","segment");--> statement-breakpoint
CREATE INDEX "practice_customer_line_org_stage_idx" ON "practice_customer_line" USING btree ("organization_id","stage");--> statement-breakpoint
CREATE INDEX "practice_session_org_user_idx" ON "practice_session" USING btree ("organization_id","user_id","started_at");--> statement-breakpoint
CREATE INDEX "practice_session_org_started_idx" ON "practice_session" USING btree ("organization_id","started_at");--> statement-breakpoint
CREATE INDEX "practice_session_open_idx" ON "practice_session" USING btree ("status","last_heartbeat_at");--> statement-breakpoint
CREATE UNIQUE INDEX "practice_turn_session_seq_uq" ON "practice_turn" USING btree ("session_id","seq");