CREATE TABLE "assistant_quota" (
	"organization_id" integer PRIMARY KEY NOT NULL,
	"company_monthly_quota" integer DEFAULT 0 NOT NULL,
	"user_monthly_quota" integer DEFAULT 0 NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
