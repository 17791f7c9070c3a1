CREATE TABLE "quality_call_review" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"recording_id" integer NOT NULL,
	"owner_user_id" integer,
	"score" smallint NOT NULL,
	"comment" varchar(500),
	"reviewer_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quality_review_appeal" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"recording_id" integer NOT NULL,
	"owner_user_id" integer NOT NULL,
	"reason" varchar(500) NOT NULL,
	"original_score" smallint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"new_score" smallint,
	"decision_comment" varchar(500),
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quality_review_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"recording_id" integer NOT NULL,
	"event" varchar(10) NOT NULL,
	"score_before" smallint,
	"score_after" smallint,
	"comment" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quality_review_sample" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"mode" varchar(10) NOT NULL,
	"percent" smallint,
	"max_score" smallint,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"seed" integer NOT NULL,
	"reviewer_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quality_review_sample_call" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"sample_id" integer NOT NULL,
	"recording_id" integer NOT NULL,
	"owner_user_id" integer,
	"machine_score" smallint,
	"passed" boolean,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "quality_call_review_recording_uq" ON "quality_call_review" USING btree ("organization_id","recording_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quality_review_appeal_pending_uq" ON "quality_review_appeal" USING btree ("organization_id","recording_id") WHERE status = 1;--> statement-breakpoint
CREATE INDEX "quality_review_appeal_owner_idx" ON "quality_review_appeal" USING btree ("organization_id","owner_user_id","created_at");--> statement-breakpoint
CREATE INDEX "quality_review_appeal_org_idx" ON "quality_review_appeal" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "quality_review_history_recording_idx" ON "quality_review_history" USING btree ("organization_id","recording_id","created_at");--> statement-breakpoint
CREATE INDEX "quality_review_sample_org_idx" ON "quality_review_sample" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "quality_review_sample_call_uq" ON "quality_review_sample_call" USING btree ("organization_id","sample_id","recording_id");--> statement-breakpoint
CREATE INDEX "quality_review_sample_call_recording_idx" ON "quality_review_sample_call" USING btree ("organization_id","recording_id");