CREATE TABLE "stats_target" (
	"organization_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"month" date NOT NULL,
	"target" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stats_target_organization_id_month_user_id_pk" PRIMARY KEY("organization_id","month","user_id")
);
