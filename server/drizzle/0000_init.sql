CREATE TABLE "operation_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"user_id" integer,
	"username" varchar(64),
	"action" varchar(100) NOT NULL,
	"path" varchar(200) NOT NULL,
	"ip" varchar(64),
	"detail" jsonb,
	"result" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit" (
	"key" varchar(200) NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limit_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "auth_refresh_rotated" (
	"refresh_hash" varchar(64) PRIMARY KEY NOT NULL,
	"session_id" varchar(36) NOT NULL,
	"rotated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_session" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"organization_id" integer NOT NULL,
	"refresh_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" varchar(64),
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refreshed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "captcha_challenge" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"answer_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sms_code" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"phone" varchar(20) NOT NULL,
	"purpose" varchar(20) NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "asr_config" (
	"organization_id" integer PRIMARY KEY NOT NULL,
	"hot_words" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "asr_record" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"recording_id" integer NOT NULL,
	"engine" varchar(20) NOT NULL,
	"status" smallint NOT NULL,
	"audio_ms" integer DEFAULT 0 NOT NULL,
	"elapsed_ms" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "asr_transcript" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"recording_id" integer NOT NULL,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"segments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"engine" varchar(20) NOT NULL,
	"roles_swapped" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clue" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"type" smallint DEFAULT 1 NOT NULL,
	"name" varchar(50) DEFAULT '' NOT NULL,
	"company" varchar(100) DEFAULT '' NOT NULL,
	"phone" varchar(32) DEFAULT '' NOT NULL,
	"phones" text[] DEFAULT '{}'::text[] NOT NULL,
	"owner_id" integer,
	"collaborator_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"channel_source_id" integer,
	"import_way" smallint DEFAULT 8 NOT NULL,
	"import_record_id" integer,
	"call_status" smallint DEFAULT 1 NOT NULL,
	"call_count" integer DEFAULT 0 NOT NULL,
	"last_call_time" timestamp with time zone,
	"last_call_duration" integer DEFAULT 0 NOT NULL,
	"sign" varchar(50) DEFAULT '' NOT NULL,
	"lock_status" smallint DEFAULT 0 NOT NULL,
	"is_in_sea" smallint DEFAULT 2 NOT NULL,
	"receive_type" smallint,
	"assign_status" smallint DEFAULT 2 NOT NULL,
	"risk" smallint DEFAULT 2 NOT NULL,
	"voiceprint" smallint DEFAULT 3 NOT NULL,
	"stage" smallint DEFAULT 1 NOT NULL,
	"gender" smallint,
	"birthday" date,
	"age" smallint,
	"province_code" varchar(12),
	"city_code" varchar(12),
	"district_code" varchar(12),
	"area_name" varchar(60) DEFAULT '' NOT NULL,
	"address" varchar(200) DEFAULT '' NOT NULL,
	"tag_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"follow_status_id" integer,
	"follow_phase_id" integer,
	"lost_reason_id" integer,
	"remark" varchar(500) DEFAULT '' NOT NULL,
	"custom" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"search_grams" text[] DEFAULT '{}'::text[] NOT NULL,
	"next_follow_time" timestamp with time zone,
	"last_follow_time" timestamp with time zone,
	"turn_customer_time" timestamp with time zone,
	"blacklisted" boolean DEFAULT false NOT NULL,
	"blacklist_reason" varchar(200),
	"created_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clue_collaborator" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"clue_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"added_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clue_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"clue_id" integer NOT NULL,
	"type" varchar(20) NOT NULL,
	"user_id" integer,
	"title" varchar(100) NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clue_dict" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"name" varchar(50) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"sort_no" integer DEFAULT 0 NOT NULL,
	"remark" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clue_field" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"scope" smallint DEFAULT 2 NOT NULL,
	"field_name" varchar(64) NOT NULL,
	"field_label" varchar(50) NOT NULL,
	"field_topic" varchar(50) DEFAULT '基本信息' NOT NULL,
	"field_type" smallint NOT NULL,
	"show_type" smallint DEFAULT 1 NOT NULL,
	"is_required" smallint DEFAULT 0 NOT NULL,
	"is_show" smallint DEFAULT 1 NOT NULL,
	"group_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cascade_data" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rules" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"built_in" boolean DEFAULT false NOT NULL,
	"sort_no" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clue_field_role" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	"field_name" varchar(64) NOT NULL,
	"access" smallint DEFAULT 2 NOT NULL,
	"masked" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clue_repeat_rule" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"field_names" text[] NOT NULL,
	"enabled" smallint DEFAULT 1 NOT NULL,
	"range" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clue_user_table" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"type" smallint DEFAULT 1 NOT NULL,
	"columns" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clue_tag" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"name" varchar(30) NOT NULL,
	"sort_no" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clue_tag_group" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"name" varchar(30) NOT NULL,
	"color" varchar(20) DEFAULT '#1677ff' NOT NULL,
	"choose_type" smallint DEFAULT 2 NOT NULL,
	"sort_no" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clue_import_record" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" smallint DEFAULT 1 NOT NULL,
	"import_way" smallint DEFAULT 1 NOT NULL,
	"file_name" varchar(200) NOT NULL,
	"file_key" varchar(300) NOT NULL,
	"file_size" integer DEFAULT 0 NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"duplicate" integer DEFAULT 0 NOT NULL,
	"invalid" integer DEFAULT 0 NOT NULL,
	"invalid_file_key" varchar(300),
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "problem_feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"content" text NOT NULL,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"contact" varchar(100),
	"status" smallint DEFAULT 1 NOT NULL,
	"reply" text,
	"reply_user_id" integer,
	"replied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_notice" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"title" varchar(200) NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"msg_type" varchar(50) NOT NULL,
	"param" jsonb,
	"notice_id" integer,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notice" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"title" varchar(100) NOT NULL,
	"content" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_by" integer NOT NULL,
	"created_by_name" varchar(64) NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_user" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"username" varchar(64) NOT NULL,
	"real_name" varchar(50) NOT NULL,
	"phone" varchar(20),
	"email" varchar(100),
	"password_hash" text NOT NULL,
	"role_id" integer,
	"dept_id" integer,
	"position_id" integer,
	"status" smallint DEFAULT 1 NOT NULL,
	"is_super_admin" boolean DEFAULT false NOT NULL,
	"is_sales_champion" boolean DEFAULT false NOT NULL,
	"work_status" smallint DEFAULT 4 NOT NULL,
	"seat_no" varchar(30),
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "department" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"parent_id" integer,
	"name" varchar(50) NOT NULL,
	"sort_no" integer DEFAULT 0 NOT NULL,
	"leader_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"parent_id" integer,
	"version_id" integer DEFAULT 1 NOT NULL,
	"version_name" varchar(50) DEFAULT '标准版' NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"contact_name" varchar(50),
	"contact_phone" varchar(20),
	"industry" varchar(50),
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"notice_read" smallint DEFAULT 1 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"app_key" varchar(40),
	"app_secret" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_app_key_uq" UNIQUE("app_key")
);
--> statement-breakpoint
CREATE TABLE "position" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"sort_no" integer DEFAULT 0 NOT NULL,
	"remark" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"role_sign" varchar(30) DEFAULT 'custom' NOT NULL,
	"data_scope" smallint DEFAULT 1 NOT NULL,
	"function_signs" text[] DEFAULT '{}'::text[] NOT NULL,
	"routes" text[] DEFAULT '{}'::text[] NOT NULL,
	"remark" varchar(200),
	"built_in" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_voice_upload_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"user_id" integer,
	"recording_id" integer,
	"file_name" varchar(255),
	"hash" varchar(32),
	"size" bigint,
	"result" smallint NOT NULL,
	"message" varchar(500),
	"channel" varchar(30),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recording" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"ext" varchar(10) NOT NULL,
	"file_key" varchar(300) NOT NULL,
	"hash" varchar(32) NOT NULL,
	"size" bigint NOT NULL,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"channels" smallint DEFAULT 1 NOT NULL,
	"sample_rate" integer DEFAULT 0 NOT NULL,
	"codec" varchar(40),
	"source" smallint DEFAULT 1 NOT NULL,
	"call_type" smallint DEFAULT 4 NOT NULL,
	"owner_user_id" integer,
	"clue_id" integer,
	"phone" varchar(20),
	"call_info_id" varchar(64),
	"call_time" timestamp with time zone,
	"uploaded_by" integer,
	"asr_status" smallint DEFAULT 1 NOT NULL,
	"asr_error" text,
	"metrics_status" smallint DEFAULT 1 NOT NULL,
	"metrics_error" text,
	"metrics" jsonb,
	"analysis_status" smallint DEFAULT 0 NOT NULL,
	"quality_score" smallint,
	"quality_remark" varchar(500),
	"play_key" varchar(300),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recording_upload" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"hash" varchar(32) NOT NULL,
	"size" bigint NOT NULL,
	"offset" bigint DEFAULT 0 NOT NULL,
	"chunks" integer DEFAULT 0 NOT NULL,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploaded_image" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"public_id" varchar(32) NOT NULL,
	"file_key" varchar(300) NOT NULL,
	"content_type" varchar(40) NOT NULL,
	"size" integer NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"uploaded_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "operation_log_org_time_idx" ON "operation_log" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "rate_limit_window_idx" ON "rate_limit" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "auth_refresh_rotated_session_idx" ON "auth_refresh_rotated" USING btree ("session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_session_refresh_uq" ON "auth_session" USING btree ("refresh_hash");--> statement-breakpoint
CREATE INDEX "auth_session_user_idx" ON "auth_session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sms_code_phone_idx" ON "sms_code" USING btree ("phone","purpose","created_at");--> statement-breakpoint
CREATE INDEX "asr_record_org_idx" ON "asr_record" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "asr_record_recording_idx" ON "asr_record" USING btree ("recording_id");--> statement-breakpoint
CREATE UNIQUE INDEX "asr_transcript_recording_uq" ON "asr_transcript" USING btree ("recording_id");--> statement-breakpoint
CREATE INDEX "asr_transcript_org_idx" ON "asr_transcript" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "clue_live_id_idx" ON "clue" USING btree ("organization_id","id" DESC NULLS LAST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "clue_live_owner_idx" ON "clue" USING btree ("organization_id","owner_id","id" DESC NULLS LAST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "clue_live_updated_idx" ON "clue" USING btree ("organization_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "clue_live_next_follow_idx" ON "clue" USING btree ("organization_id","next_follow_time","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "clue_live_last_call_idx" ON "clue" USING btree ("organization_id","last_call_time" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "clue_live_last_follow_idx" ON "clue" USING btree ("organization_id","last_follow_time" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "clue_live_owner_next_follow_idx" ON "clue" USING btree ("organization_id","owner_id","next_follow_time","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "clue_live_owner_last_follow_idx" ON "clue" USING btree ("organization_id","owner_id","last_follow_time" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "clue_live_owner_updated_idx" ON "clue" USING btree ("organization_id","owner_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "clue_deleted_idx" ON "clue" USING btree ("organization_id","deleted_at" DESC NULLS LAST) WHERE deleted_at is not null;--> statement-breakpoint
CREATE INDEX "clue_phone_idx" ON "clue" USING btree ("organization_id","phone" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "clue_phones_gin" ON "clue" USING gin ("phones") WHERE phones <> '{}'::text[];--> statement-breakpoint
CREATE INDEX "clue_grams_gin" ON "clue" USING gin ("search_grams");--> statement-breakpoint
CREATE INDEX "clue_collab_gin" ON "clue" USING gin ("collaborator_ids") WHERE collaborator_ids <> '{}'::int[];--> statement-breakpoint
CREATE INDEX "clue_custom_gin" ON "clue" USING gin ("custom" jsonb_path_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "clue_collaborator_uq" ON "clue_collaborator" USING btree ("clue_id","user_id");--> statement-breakpoint
CREATE INDEX "clue_collaborator_user_idx" ON "clue_collaborator" USING btree ("organization_id","user_id");--> statement-breakpoint
CREATE INDEX "clue_event_clue_idx" ON "clue_event" USING btree ("organization_id","clue_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "clue_dict_org_kind_name_uq" ON "clue_dict" USING btree ("organization_id","kind","name");--> statement-breakpoint
CREATE UNIQUE INDEX "clue_field_org_name_uq" ON "clue_field" USING btree ("organization_id","scope","field_name");--> statement-breakpoint
CREATE UNIQUE INDEX "clue_field_role_uq" ON "clue_field_role" USING btree ("organization_id","role_id","field_name");--> statement-breakpoint
CREATE INDEX "clue_repeat_rule_org_idx" ON "clue_repeat_rule" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clue_user_table_uq" ON "clue_user_table" USING btree ("user_id","type");--> statement-breakpoint
CREATE UNIQUE INDEX "clue_tag_group_name_uq" ON "clue_tag" USING btree ("organization_id","group_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "clue_tag_group_org_name_uq" ON "clue_tag_group" USING btree ("organization_id","name");--> statement-breakpoint
CREATE INDEX "clue_import_record_org_idx" ON "clue_import_record" USING btree ("organization_id","kind","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "problem_feedback_org_idx" ON "problem_feedback" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "problem_feedback_user_idx" ON "problem_feedback" USING btree ("organization_id","user_id");--> statement-breakpoint
CREATE INDEX "app_notice_user_time_idx" ON "app_notice" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "app_notice_unread_idx" ON "app_notice" USING btree ("user_id","msg_type") WHERE "app_notice"."read_at" is null;--> statement-breakpoint
CREATE INDEX "app_notice_notice_idx" ON "app_notice" USING btree ("notice_id");--> statement-breakpoint
CREATE INDEX "notice_org_time_idx" ON "notice" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "app_user_username_uq" ON "app_user" USING btree ("username");--> statement-breakpoint
CREATE UNIQUE INDEX "app_user_phone_uq" ON "app_user" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "app_user_org_idx" ON "app_user" USING btree ("organization_id","dept_id");--> statement-breakpoint
CREATE INDEX "department_org_idx" ON "department" USING btree ("organization_id","parent_id");--> statement-breakpoint
CREATE INDEX "organization_parent_idx" ON "organization" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "position_org_name_uq" ON "position" USING btree ("organization_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "role_org_name_uq" ON "role" USING btree ("organization_id","name");--> statement-breakpoint
CREATE INDEX "ai_voice_upload_log_org_idx" ON "ai_voice_upload_log" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "recording_org_created_idx" ON "recording" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "recording_org_hash_idx" ON "recording" USING btree ("organization_id","hash");--> statement-breakpoint
CREATE INDEX "recording_org_clue_idx" ON "recording" USING btree ("organization_id","clue_id");--> statement-breakpoint
CREATE INDEX "recording_org_owner_idx" ON "recording" USING btree ("organization_id","owner_user_id");--> statement-breakpoint
CREATE INDEX "recording_org_call_info_idx" ON "recording" USING btree ("organization_id","call_info_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recording_upload_org_hash_uq" ON "recording_upload" USING btree ("organization_id","user_id","hash","size");--> statement-breakpoint
CREATE UNIQUE INDEX "uploaded_image_public_id_uq" ON "uploaded_image" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "uploaded_image_org_idx" ON "uploaded_image" USING btree ("organization_id","created_at");