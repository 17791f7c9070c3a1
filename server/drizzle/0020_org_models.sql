CREATE TABLE "analysis_org_model" (
	"organization_id" integer PRIMARY KEY NOT NULL,
	"model" jsonb,
	"learned_from" integer DEFAULT 0 NOT NULL,
	"learned_up_to" timestamp with time zone,
	"reset_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "call_analysis" ADD COLUMN "history" jsonb DEFAULT '[]'::jsonb NOT NULL;