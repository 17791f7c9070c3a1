ALTER TABLE "custom_board" ADD COLUMN "share_expires_at" timestamp with time zone;--> statement-breakpoint
-- custom:
-- links shared before expiries existed expire 30 days after this migration
UPDATE "custom_board" SET "share_expires_at" = now() + interval '30 days' WHERE "share_token" IS NOT NULL AND "share_expires_at" IS NULL;
