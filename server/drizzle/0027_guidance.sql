CREATE TABLE "guidance_card" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"sentence_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"title" varchar(100) NOT NULL,
	"content" text NOT NULL,
	"sources" jsonb NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"marked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guidance_sentence" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"speaker" varchar(8) NOT NULL,
	"text" text NOT NULL,
	"start_ms" integer NOT NULL,
	"end_ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guidance_session" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"guide_type" smallint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"engine" varchar(16) NOT NULL,
	"sample_rate" integer NOT NULL,
	"title" varchar(50),
	"call_id" integer,
	"clue_id" integer,
	"sop_rule_id" integer,
	"sop_done" integer[] DEFAULT '{}'::int[] NOT NULL,
	"sentence_count" integer DEFAULT 0 NOT NULL,
	"card_count" integer DEFAULT 0 NOT NULL,
	"used_count" integer DEFAULT 0 NOT NULL,
	"warning_count" integer DEFAULT 0 NOT NULL,
	"charged_minutes" integer DEFAULT 0 NOT NULL,
	"over_minutes" integer DEFAULT 0 NOT NULL,
	"last_audio_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "guidance_card_session_idx" ON "guidance_card" USING btree ("session_id","id");--> statement-breakpoint
CREATE INDEX "guidance_sentence_session_idx" ON "guidance_sentence" USING btree ("session_id","id");--> statement-breakpoint
CREATE INDEX "guidance_session_org_idx" ON "guidance_session" USING btree ("organization_id","created_at");