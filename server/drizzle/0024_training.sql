CREATE TABLE "call_example" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"recording_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"note" text,
	"moments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"call_owner_id" integer,
	"call_time" timestamp with time zone,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"intention" varchar(20),
	"objections" text[] DEFAULT '{}'::text[] NOT NULL,
	"sop_items" text[] DEFAULT '{}'::text[] NOT NULL,
	"marked_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "call_train_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"source" smallint NOT NULL,
	"example_id" integer,
	"recording_id" integer,
	"script_id" integer,
	"script_name" varchar(100),
	"title" varchar(100) NOT NULL,
	"note" text,
	"user_id" integer NOT NULL,
	"dept_id" integer,
	"assigned_by" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"takeaway" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "call_train_transfer" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"train_id" integer NOT NULL,
	"from_user_id" integer NOT NULL,
	"to_user_id" integer NOT NULL,
	"reason" varchar(200),
	"operator_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "call_example_org_recording_uq" ON "call_example" USING btree ("organization_id","recording_id") WHERE "call_example"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "call_example_org_created_idx" ON "call_example" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "call_train_log_org_user_idx" ON "call_train_log" USING btree ("organization_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "call_train_log_org_created_idx" ON "call_train_log" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "call_train_log_org_example_idx" ON "call_train_log" USING btree ("organization_id","example_id");--> statement-breakpoint
CREATE INDEX "call_train_transfer_org_train_idx" ON "call_train_transfer" USING btree ("organization_id","train_id");