CREATE TABLE "ai_board_panels" (
	"organization_id" integer PRIMARY KEY NOT NULL,
	"panels" text[] NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "board_call_day" (
	"organization_id" integer NOT NULL,
	"day" date NOT NULL,
	"user_id" integer NOT NULL,
	"calls" integer NOT NULL,
	"answered" integer NOT NULL,
	"talk_seconds" bigint NOT NULL,
	CONSTRAINT "board_call_day_organization_id_day_user_id_pk" PRIMARY KEY("organization_id","day","user_id")
);
--> statement-breakpoint
CREATE TABLE "board_deal_day" (
	"organization_id" integer NOT NULL,
	"day" date NOT NULL,
	"owner_id" integer NOT NULL,
	"status" smallint NOT NULL,
	"import_way" smallint NOT NULL,
	"source_id" integer NOT NULL,
	"n" integer NOT NULL,
	"total_fen" bigint NOT NULL,
	CONSTRAINT "board_deal_day_organization_id_day_owner_id_status_import_way_source_id_pk" PRIMARY KEY("organization_id","day","owner_id","status","import_way","source_id")
);
--> statement-breakpoint
CREATE TABLE "board_lead_day" (
	"organization_id" integer NOT NULL,
	"day" date NOT NULL,
	"owner_id" integer NOT NULL,
	"import_way" smallint NOT NULL,
	"source_id" integer NOT NULL,
	"stage" smallint NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "board_lead_day_organization_id_day_owner_id_import_way_source_id_stage_pk" PRIMARY KEY("organization_id","day","owner_id","import_way","source_id","stage")
);
--> statement-breakpoint
CREATE TABLE "board_refresh" (
	"organization_id" integer PRIMARY KEY NOT NULL,
	"refreshed_at" timestamp with time zone NOT NULL,
	"calls_covered_until" date
);
--> statement-breakpoint
CREATE TABLE "custom_board" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"name" varchar(30) NOT NULL,
	"panels" jsonb NOT NULL,
	"share_token" varchar(64),
	"share_user_ids" integer[],
	"shared_by" integer,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deal_board_setting" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"name" varchar(30) NOT NULL,
	"period_type" smallint NOT NULL,
	"deal_statuses" smallint[] NOT NULL,
	"amount_type" smallint NOT NULL,
	"user_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"team_target_count" integer DEFAULT 0 NOT NULL,
	"team_target_fen" bigint DEFAULT 0 NOT NULL,
	"user_targets" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_default" smallint DEFAULT 2 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_cost" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"month" varchar(7) NOT NULL,
	"channel_source_id" integer NOT NULL,
	"cost_fen" bigint NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "custom_board_org_idx" ON "custom_board" USING btree ("organization_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_board_share_uq" ON "custom_board" USING btree ("share_token") WHERE "custom_board"."share_token" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "deal_board_setting_org_name_uq" ON "deal_board_setting" USING btree ("organization_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "market_cost_org_month_source_uq" ON "market_cost" USING btree ("organization_id","month","channel_source_id");