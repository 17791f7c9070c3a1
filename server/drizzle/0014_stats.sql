CREATE TABLE "stats_deal_day" (
	"organization_id" integer NOT NULL,
	"day" date NOT NULL,
	"owner_id" integer NOT NULL,
	"orders" integer NOT NULL,
	"total_fen" bigint NOT NULL,
	"paid_fen" bigint NOT NULL,
	CONSTRAINT "stats_deal_day_organization_id_day_owner_id_pk" PRIMARY KEY("organization_id","day","owner_id")
);
--> statement-breakpoint
CREATE TABLE "stats_lead_day" (
	"organization_id" integer NOT NULL,
	"dim" smallint NOT NULL,
	"day" date NOT NULL,
	"owner_id" integer NOT NULL,
	"value" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "stats_lead_day_organization_id_dim_day_owner_id_value_pk" PRIMARY KEY("organization_id","dim","day","owner_id","value")
);
--> statement-breakpoint
CREATE TABLE "stats_lead_month" (
	"organization_id" integer NOT NULL,
	"dim" smallint NOT NULL,
	"month" date NOT NULL,
	"owner_id" integer NOT NULL,
	"value" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "stats_lead_month_organization_id_dim_month_owner_id_value_pk" PRIMARY KEY("organization_id","dim","month","owner_id","value")
);
--> statement-breakpoint
CREATE TABLE "stats_refresh" (
	"organization_id" integer NOT NULL,
	"source" varchar(20) NOT NULL,
	"covered_until" date,
	"refreshed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "stats_refresh_organization_id_source_pk" PRIMARY KEY("organization_id","source")
);
--> statement-breakpoint
CREATE TABLE "stats_report" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"data" jsonb NOT NULL,
	"receiver_ids" integer[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stats_report_setting" (
	"organization_id" integer PRIMARY KEY NOT NULL,
	"daily" boolean DEFAULT false NOT NULL,
	"weekly" boolean DEFAULT false NOT NULL,
	"monthly" boolean DEFAULT false NOT NULL,
	"receiver_ids" integer[] DEFAULT '{}' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stats_user_day" (
	"organization_id" integer NOT NULL,
	"day" date NOT NULL,
	"user_id" integer NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	"answered" integer DEFAULT 0 NOT NULL,
	"missed" integer DEFAULT 0 NOT NULL,
	"talk_seconds" bigint DEFAULT 0 NOT NULL,
	"taken" integer DEFAULT 0 NOT NULL,
	"follow_ups" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_user_day_organization_id_day_user_id_pk" PRIMARY KEY("organization_id","day","user_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "stats_report_period_uq" ON "stats_report" USING btree ("organization_id","type","start_date");