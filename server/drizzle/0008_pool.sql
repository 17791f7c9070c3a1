CREATE TABLE "auto_assign_rule" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"name" varchar(30) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"sort_num" integer DEFAULT 0 NOT NULL,
	"conditions" jsonb NOT NULL,
	"mode" smallint DEFAULT 1 NOT NULL,
	"members" jsonb NOT NULL,
	"skip_off_work" smallint DEFAULT 2 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auto_assign_tally" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"rule_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"day" date NOT NULL,
	"day_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clue_transfer" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"clue_id" integer NOT NULL,
	"action" varchar(12) NOT NULL,
	"from_user_id" integer,
	"to_user_id" integer,
	"operator_id" integer,
	"pool_id" integer,
	"receive_type" smallint,
	"transfer_mode" smallint,
	"sea_entry_type" smallint,
	"reason" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merge_record" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"kept_clue_id" integer NOT NULL,
	"merged_clue_ids" integer[] NOT NULL,
	"choices" jsonb NOT NULL,
	"snapshot" jsonb NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "public_sea_pool" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"name" varchar(30) NOT NULL,
	"sort_num" integer DEFAULT 0 NOT NULL,
	"user_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"dept_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"daily_claim_limit" integer DEFAULT 0 NOT NULL,
	"hold_limit" integer DEFAULT 0 NOT NULL,
	"reclaim_delay_days" integer DEFAULT 0 NOT NULL,
	"drop_rule" jsonb,
	"last_drop_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "retrieval_setting" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"enabled" smallint DEFAULT 1 NOT NULL,
	"days" integer DEFAULT 30 NOT NULL,
	"from_sea" smallint DEFAULT 1 NOT NULL,
	"from_colleague" smallint DEFAULT 2 NOT NULL,
	"from_deleted" smallint DEFAULT 1 NOT NULL,
	"daily_limit" integer DEFAULT 20 NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clue" ADD COLUMN "pool_id" integer;--> statement-breakpoint
ALTER TABLE "clue" ADD COLUMN "sea_entry_type" smallint;--> statement-breakpoint
ALTER TABLE "clue" ADD COLUMN "sea_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clue" ADD COLUMN "previous_owner_id" integer;--> statement-breakpoint
ALTER TABLE "clue" ADD COLUMN "received_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "auto_assign_rule_org_idx" ON "auto_assign_rule" USING btree ("organization_id","sort_num");--> statement-breakpoint
CREATE UNIQUE INDEX "auto_assign_tally_uq" ON "auto_assign_tally" USING btree ("rule_id","user_id");--> statement-breakpoint
CREATE INDEX "clue_transfer_org_idx" ON "clue_transfer" USING btree ("organization_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "clue_transfer_to_idx" ON "clue_transfer" USING btree ("organization_id","to_user_id","action","created_at");--> statement-breakpoint
CREATE INDEX "clue_transfer_from_idx" ON "clue_transfer" USING btree ("organization_id","from_user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "clue_transfer_clue_idx" ON "clue_transfer" USING btree ("organization_id","clue_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "merge_record_org_idx" ON "merge_record" USING btree ("organization_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "public_sea_pool_org_idx" ON "public_sea_pool" USING btree ("organization_id","sort_num");--> statement-breakpoint
CREATE UNIQUE INDEX "retrieval_setting_org_uq" ON "retrieval_setting" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "clue_sea_pool_idx" ON "clue" USING btree ("organization_id","pool_id","id" DESC NULLS LAST) WHERE deleted_at is null and is_in_sea = 1;--> statement-breakpoint
CREATE INDEX "clue_event_type_idx" ON "clue_event" USING btree ("organization_id","type","created_at" DESC NULLS LAST);