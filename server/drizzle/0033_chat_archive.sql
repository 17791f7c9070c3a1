CREATE TABLE "chat_archive" (
	"organization_id" integer PRIMARY KEY NOT NULL,
	"corp_id" varchar(64) NOT NULL,
	"secret" text DEFAULT '' NOT NULL,
	"private_key" text DEFAULT '' NOT NULL,
	"open" smallint DEFAULT 1 NOT NULL,
	"last_seq" bigint DEFAULT 0 NOT NULL,
	"last_pull_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_archive_failure" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"seq" bigint NOT NULL,
	"msgid" varchar(128) NOT NULL,
	"reason" varchar(300) NOT NULL,
	"item" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "chat_archive_failure_msg_uq" ON "chat_archive_failure" USING btree ("organization_id","msgid");