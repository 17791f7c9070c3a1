CREATE TABLE "cache_version" (
	"scope" varchar(40) NOT NULL,
	"organization_id" integer NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cache_version_scope_organization_id_pk" PRIMARY KEY("scope","organization_id")
);
