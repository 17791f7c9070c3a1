CREATE TABLE "knowledge_entry" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"base" smallint NOT NULL,
	"owner_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"title" varchar(200) NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"file_name" varchar(200),
	"file_key" varchar(200),
	"status" smallint DEFAULT 2 NOT NULL,
	"progress" smallint DEFAULT 100 NOT NULL,
	"error" text,
	"passage_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "knowledge_feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"useful" smallint NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_passage" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"entry_id" integer NOT NULL,
	"base" smallint NOT NULL,
	"owner_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"page" integer,
	"text" text NOT NULL,
	"tokens" text NOT NULL,
	"tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', tokens)) STORED,
	"embedding" real[],
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_question" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"question" text NOT NULL,
	"mode" varchar(10) NOT NULL,
	"answer" text,
	"answered" boolean NOT NULL,
	"passage_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "template_application" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"code" varchar(40) NOT NULL,
	"parts" text[] NOT NULL,
	"mode" varchar(10) NOT NULL,
	"created" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"merged" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"undone_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "knowledge_entry_org_idx" ON "knowledge_entry" USING btree ("organization_id","base","owner_id");--> statement-breakpoint
CREATE INDEX "knowledge_feedback_org_idx" ON "knowledge_feedback" USING btree ("organization_id","useful","created_at");--> statement-breakpoint
CREATE INDEX "knowledge_passage_entry_idx" ON "knowledge_passage" USING btree ("entry_id","seq");--> statement-breakpoint
CREATE INDEX "knowledge_passage_org_idx" ON "knowledge_passage" USING btree ("organization_id","base","owner_id");--> statement-breakpoint
CREATE INDEX "knowledge_passage_tsv_idx" ON "knowledge_passage" USING gin ("tsv");--> statement-breakpoint
CREATE INDEX "knowledge_question_org_idx" ON "knowledge_question" USING btree ("organization_id","answered","created_at");--> statement-breakpoint
CREATE INDEX "template_application_org_idx" ON "template_application" USING btree ("organization_id","created_at");