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
CREATE TABLE "stats_refresh" (
	"organization_id" integer NOT NULL,
	"source" varchar(20) NOT NULL,
	"covered_until" date,
	"refreshed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "stats_refresh_organization_id_source_pk" PRIMARY KEY("organization_id","source")
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
