CREATE TABLE "wecom_config" (
	"organization_id" integer PRIMARY KEY NOT NULL,
	"corp_id" varchar(64) NOT NULL,
	"agent_id" varchar(20) NOT NULL,
	"agent_secret" text DEFAULT '' NOT NULL,
	"contact_secret" text DEFAULT '' NOT NULL,
	"token" text DEFAULT '' NOT NULL,
	"encoding_aes_key" text DEFAULT '' NOT NULL,
	"api_base_url" varchar(300) DEFAULT '' NOT NULL,
	"oauth_base_url" varchar(300) DEFAULT '' NOT NULL,
	"open" smallint DEFAULT 2 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wecom_contact" (
	"organization_id" integer NOT NULL,
	"external_userid" varchar(64) NOT NULL,
	"name" varchar(100) DEFAULT '' NOT NULL,
	"type" smallint DEFAULT 1 NOT NULL,
	"unionid" varchar(64),
	"avatar" varchar(500) DEFAULT '' NOT NULL,
	"gender" smallint DEFAULT 0 NOT NULL,
	"corp_name" varchar(100) DEFAULT '' NOT NULL,
	"clue_id" integer,
	"bind_way" smallint DEFAULT 0 NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "wecom_contact_organization_id_external_userid_pk" PRIMARY KEY("organization_id","external_userid")
);
--> statement-breakpoint
CREATE TABLE "wecom_dept" (
	"organization_id" integer NOT NULL,
	"dept_id" integer NOT NULL,
	"parent_id" integer DEFAULT 0 NOT NULL,
	"sort_no" integer DEFAULT 0 NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wecom_dept_organization_id_dept_id_pk" PRIMARY KEY("organization_id","dept_id")
);
--> statement-breakpoint
CREATE TABLE "wecom_event_seen" (
	"organization_id" integer NOT NULL,
	"hash" varchar(64) NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wecom_event_seen_organization_id_hash_pk" PRIMARY KEY("organization_id","hash")
);
--> statement-breakpoint
CREATE TABLE "wecom_follow" (
	"organization_id" integer NOT NULL,
	"external_userid" varchar(64) NOT NULL,
	"userid" varchar(64) NOT NULL,
	"remark" varchar(100) DEFAULT '' NOT NULL,
	"description" varchar(500) DEFAULT '' NOT NULL,
	"remark_mobiles" text[] DEFAULT '{}'::text[] NOT NULL,
	"tag_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"added_at" timestamp with time zone,
	"add_way" integer DEFAULT 0 NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "wecom_follow_organization_id_external_userid_userid_pk" PRIMARY KEY("organization_id","external_userid","userid")
);
--> statement-breakpoint
CREATE TABLE "wecom_member" (
	"organization_id" integer NOT NULL,
	"userid" varchar(64) NOT NULL,
	"name" varchar(100) DEFAULT '' NOT NULL,
	"departments" integer[] DEFAULT '{}'::int[] NOT NULL,
	"position" varchar(100) DEFAULT '' NOT NULL,
	"mobile" varchar(32) DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"crm_user_id" integer,
	"bind_way" smallint DEFAULT 0 NOT NULL,
	"suggested_user_id" integer,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "wecom_member_organization_id_userid_pk" PRIMARY KEY("organization_id","userid")
);
--> statement-breakpoint
CREATE TABLE "wecom_sync" (
	"organization_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"message" varchar(500) DEFAULT '' NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"cursor" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "wecom_sync_organization_id_kind_pk" PRIMARY KEY("organization_id","kind")
);
--> statement-breakpoint
CREATE TABLE "wecom_token" (
	"corp_id" varchar(64) NOT NULL,
	"secret_key" varchar(64) NOT NULL,
	"kind" varchar(20) NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wecom_token_corp_id_secret_key_kind_pk" PRIMARY KEY("corp_id","secret_key","kind")
);
--> statement-breakpoint
CREATE INDEX "wecom_contact_clue_idx" ON "wecom_contact" USING btree ("organization_id","clue_id");--> statement-breakpoint
CREATE INDEX "wecom_contact_synced_idx" ON "wecom_contact" USING btree ("organization_id","synced_at");--> statement-breakpoint
CREATE INDEX "wecom_event_seen_time_idx" ON "wecom_event_seen" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "wecom_follow_user_idx" ON "wecom_follow" USING btree ("organization_id","userid");--> statement-breakpoint
CREATE INDEX "wecom_member_user_idx" ON "wecom_member" USING btree ("organization_id","crm_user_id");