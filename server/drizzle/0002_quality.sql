CREATE TABLE "org_regex_rule" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"pattern" varchar(200) NOT NULL,
	"flags" varchar(8) DEFAULT '' NOT NULL,
	"side" varchar(10) DEFAULT 'agent' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"remark" varchar(200),
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "prohibition_hit" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"recording_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"rule_id" integer NOT NULL,
	"rule_name" varchar(50) NOT NULL,
	"word" varchar(200) NOT NULL,
	"said" varchar(200) NOT NULL,
	"sentence" text NOT NULL,
	"segment" integer NOT NULL,
	"start_ms" integer NOT NULL,
	"speaker" varchar(10) NOT NULL,
	"owner_user_id" integer,
	"call_time" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prohibition_word_list" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"words" text[] NOT NULL,
	"match_mode" varchar(10) DEFAULT 'contain' NOT NULL,
	"side" varchar(10) DEFAULT 'agent' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"remark" varchar(200),
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "org_regex_rule_org_name_uq" ON "org_regex_rule" USING btree ("organization_id","name") WHERE "org_regex_rule"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "org_regex_rule_org_idx" ON "org_regex_rule" USING btree ("organization_id","updated_at");--> statement-breakpoint
CREATE INDEX "prohibition_hit_org_time_idx" ON "prohibition_hit" USING btree ("organization_id","call_time" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "prohibition_hit_org_recording_idx" ON "prohibition_hit" USING btree ("organization_id","recording_id");--> statement-breakpoint
CREATE INDEX "prohibition_hit_org_rule_idx" ON "prohibition_hit" USING btree ("organization_id","kind","rule_id");--> statement-breakpoint
CREATE INDEX "prohibition_hit_org_owner_idx" ON "prohibition_hit" USING btree ("organization_id","owner_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "prohibition_word_list_org_name_uq" ON "prohibition_word_list" USING btree ("organization_id","name") WHERE "prohibition_word_list"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "prohibition_word_list_org_idx" ON "prohibition_word_list" USING btree ("organization_id","updated_at");