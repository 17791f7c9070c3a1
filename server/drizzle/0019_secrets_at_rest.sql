ALTER TABLE "ai_model" ALTER COLUMN "api_key" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "call_seat" ALTER COLUMN "sip_password" SET DATA TYPE text;