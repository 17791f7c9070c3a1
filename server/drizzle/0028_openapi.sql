CREATE TABLE "openapi_key" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"app_key" varchar(40) NOT NULL,
	"secret" text NOT NULL,
	"scopes" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "openapi_key_app_key_uq" UNIQUE("app_key")
);
--> statement-breakpoint
CREATE TABLE "openapi_nonce" (
	"key_id" integer NOT NULL,
	"nonce" varchar(64) NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "openapi_nonce_key_id_nonce_pk" PRIMARY KEY("key_id","nonce")
);
--> statement-breakpoint
CREATE INDEX "openapi_key_org_idx" ON "openapi_key" USING btree ("organization_id","id");--> statement-breakpoint
CREATE INDEX "openapi_nonce_seen_idx" ON "openapi_nonce" USING btree ("seen_at");--> statement-breakpoint
-- the one key an organisation had (organization.app_key, served by the old getOrganizationKey) is kept, with every scope
INSERT INTO "openapi_key" ("organization_id", "name", "app_key", "secret", "scopes", "created_by")
SELECT o."id", '默认密钥', o."app_key", o."app_secret",
  ARRAY['leads:read','leads:write','recordings:write','analysis:read']::text[],
  (SELECT min(u."id") FROM "app_user" u WHERE u."organization_id" = o."id")
FROM "organization" o
WHERE o."app_key" IS NOT NULL AND o."app_secret" IS NOT NULL
  AND EXISTS (SELECT 1 FROM "app_user" u WHERE u."organization_id" = o."id");
