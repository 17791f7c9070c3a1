CREATE TABLE "chat" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"channel" smallint NOT NULL,
	"account_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"owner_user_id" integer,
	"clue_id" integer,
	"last_msg_at" timestamp with time zone,
	"last_msg" varchar(100) DEFAULT '' NOT NULL,
	"msg_count" integer DEFAULT 0 NOT NULL,
	"analysed_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_account" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"channel" smallint NOT NULL,
	"wxid" varchar(64) NOT NULL,
	"nickname" varchar(64) DEFAULT '' NOT NULL,
	"phone" varchar(20),
	"user_id" integer,
	"match_way" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_analysis" (
	"chat_id" integer PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"msg_count" integer NOT NULL,
	"intention" smallint,
	"result" jsonb NOT NULL,
	"sent_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"analysed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_assistant" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"token" text NOT NULL,
	"token_hint" varchar(12) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"message_count" bigint DEFAULT 0 NOT NULL,
	"last_push_at" timestamp with time zone,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_contact" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"channel" smallint NOT NULL,
	"wxid" varchar(64) NOT NULL,
	"nickname" varchar(64) DEFAULT '' NOT NULL,
	"remark" varchar(64) DEFAULT '' NOT NULL,
	"phone" varchar(20),
	"account_id" integer,
	"clue_id" integer,
	"match_way" smallint DEFAULT 0 NOT NULL,
	"import_way" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_import" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"file_name" varchar(200) NOT NULL,
	"format" varchar(10) NOT NULL,
	"messages" jsonb NOT NULL,
	"chat_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_message" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"chat_id" integer NOT NULL,
	"ext_id" varchar(128) NOT NULL,
	"from_staff" boolean NOT NULL,
	"sender" varchar(64) DEFAULT '' NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"type" varchar(10) NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"media_key" varchar(300),
	"media_name" varchar(200),
	"transcript" text,
	"tokens" text DEFAULT '' NOT NULL,
	"tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', tokens)) STORED
);
--> statement-breakpoint
CREATE UNIQUE INDEX "chat_pair_uq" ON "chat" USING btree ("organization_id","account_id","contact_id");--> statement-breakpoint
CREATE INDEX "chat_org_last_idx" ON "chat" USING btree ("organization_id","last_msg_at");--> statement-breakpoint
CREATE INDEX "chat_owner_last_idx" ON "chat" USING btree ("organization_id","owner_user_id","last_msg_at");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_account_wxid_uq" ON "chat_account" USING btree ("organization_id","channel","wxid");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_contact_wxid_uq" ON "chat_contact" USING btree ("organization_id","channel","wxid");--> statement-breakpoint
CREATE INDEX "chat_contact_clue_idx" ON "chat_contact" USING btree ("organization_id","clue_id");--> statement-breakpoint
CREATE INDEX "chat_import_user_idx" ON "chat_import" USING btree ("organization_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_message_ext_uq" ON "chat_message" USING btree ("organization_id","chat_id","ext_id");--> statement-breakpoint
CREATE INDEX "chat_message_chat_time_idx" ON "chat_message" USING btree ("chat_id","sent_at","id");--> statement-breakpoint
CREATE INDEX "chat_message_tsv_idx" ON "chat_message" USING gin ("tsv");