CREATE TABLE "assistant_gram" (
	"organization_id" integer NOT NULL,
	"gram" varchar(8) NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "assistant_gram_organization_id_gram_pk" PRIMARY KEY("organization_id","gram")
);
--> statement-breakpoint
CREATE TABLE "assistant_pair" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"recording_id" integer NOT NULL,
	"segment_index" integer NOT NULL,
	"owner_user_id" integer,
	"clue_id" integer,
	"customer_text" text NOT NULL,
	"agent_text" text NOT NULL,
	"grams" text[] NOT NULL,
	"reply_grams" text[] NOT NULL,
	"weight" real NOT NULL,
	"intention" smallint,
	"deal" smallint DEFAULT 0 NOT NULL,
	"call_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assistant_rank" (
	"organization_id" integer NOT NULL,
	"ref_key" varchar(100) NOT NULL,
	"useful" integer DEFAULT 0 NOT NULL,
	"useless" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "assistant_rank_organization_id_ref_key_pk" PRIMARY KEY("organization_id","ref_key")
);
--> statement-breakpoint
CREATE TABLE "assistant_record" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"query" text NOT NULL,
	"recording_id" integer,
	"segment_index" integer,
	"clue_id" integer,
	"engine" varchar(10) NOT NULL,
	"model_name" varchar(200),
	"fallback_reason" text,
	"note" text DEFAULT '' NOT NULL,
	"elapsed_ms" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assistant_suggestion" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"record_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"sort" smallint NOT NULL,
	"text" text NOT NULL,
	"source" varchar(10) NOT NULL,
	"origin" text NOT NULL,
	"ref_key" varchar(100),
	"recording_id" integer,
	"customer_said" text,
	"score" real DEFAULT 0 NOT NULL,
	"rating" smallint DEFAULT 0 NOT NULL,
	"copies" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assistant_usage" (
	"organization_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"month" char(7) NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "assistant_usage_organization_id_user_id_month_pk" PRIMARY KEY("organization_id","user_id","month")
);
--> statement-breakpoint
CREATE INDEX "assistant_pair_call_idx" ON "assistant_pair" USING btree ("organization_id","recording_id");--> statement-breakpoint
CREATE INDEX "assistant_pair_weight_idx" ON "assistant_pair" USING btree ("organization_id","weight");--> statement-breakpoint
CREATE INDEX "assistant_pair_grams_idx" ON "assistant_pair" USING gin ("grams");--> statement-breakpoint
CREATE INDEX "assistant_pair_reply_grams_idx" ON "assistant_pair" USING gin ("reply_grams");--> statement-breakpoint
CREATE INDEX "assistant_record_org_idx" ON "assistant_record" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "assistant_record_user_idx" ON "assistant_record" USING btree ("organization_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "assistant_suggestion_record_idx" ON "assistant_suggestion" USING btree ("organization_id","record_id");