CREATE TABLE "captchas" (
	"id" varchar(40) PRIMARY KEY NOT NULL,
	"answer" varchar(8) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" "bytea" NOT NULL,
	"user_id" bigint NOT NULL,
	"role" smallint DEFAULT 1 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"mobile" varchar(11) NOT NULL,
	"scene" varchar(20) NOT NULL,
	"code_hash" "bytea" NOT NULL,
	"token_hash" "bytea" NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"mobile" varchar(11) NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"mobile" varchar(11) NOT NULL,
	"password_hash" text NOT NULL,
	"type" smallint NOT NULL,
	"name" varchar(60) DEFAULT '' NOT NULL,
	"company" varchar(100) DEFAULT '' NOT NULL,
	"user_status" smallint DEFAULT 1 NOT NULL,
	"role" varchar(16) DEFAULT 'user' NOT NULL,
	"extract_code" varchar(6) NOT NULL,
	"owner_salt" "bytea" NOT NULL,
	"points" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blobs" (
	"sha256" varchar(64) PRIMARY KEY NOT NULL,
	"size" bigint NOT NULL,
	"mime" varchar(120) NOT NULL,
	"refcount" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evidence" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" varchar(16) NOT NULL,
	"baoquan" varchar(32) NOT NULL,
	"title" varchar(200) NOT NULL,
	"label" varchar(40) DEFAULT '' NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"file_type" smallint NOT NULL,
	"mime" varchar(120) NOT NULL,
	"size" bigint NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"save_time" bigint NOT NULL,
	"ledger_index" bigint NOT NULL,
	"chainhash" varchar(64) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "checkpoints" (
	"size" bigint PRIMARY KEY NOT NULL,
	"root" "bytea" NOT NULL,
	"note" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"idx" bigint PRIMARY KEY NOT NULL,
	"leaf" "bytea" NOT NULL,
	"leaf_hash" "bytea" NOT NULL,
	"evidence_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_hashes" (
	"level" integer NOT NULL,
	"idx" bigint NOT NULL,
	"hash" "bytea" NOT NULL,
	CONSTRAINT "ledger_hashes_level_idx_pk" PRIMARY KEY("level","idx")
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_id" bigint,
	"action" varchar(60) NOT NULL,
	"target" varchar(120) NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"ip" varchar(64),
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_counters" (
	"key" varchar(200) NOT NULL,
	"window_start" bigint NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_counters_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence" ADD CONSTRAINT "evidence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence" ADD CONSTRAINT "evidence_sha256_blobs_sha256_fk" FOREIGN KEY ("sha256") REFERENCES "public"."blobs"("sha256") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_uq" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sms_mobile_idx" ON "sms_codes" USING btree ("mobile","scene","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_token_uq" ON "sms_codes" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sms_outbox_mobile_idx" ON "sms_outbox" USING btree ("mobile","id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_mobile_uq" ON "users" USING btree ("mobile");--> statement-breakpoint
CREATE UNIQUE INDEX "evidence_baoquan_uq" ON "evidence" USING btree ("baoquan");--> statement-breakpoint
CREATE INDEX "evidence_owner_idx" ON "evidence" USING btree ("user_id","kind","save_time");--> statement-breakpoint
CREATE INDEX "evidence_sha_idx" ON "evidence" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "evidence_chainhash_idx" ON "evidence" USING btree ("chainhash");--> statement-breakpoint
CREATE INDEX "ledger_leafhash_idx" ON "ledger_entries" USING btree ("leaf_hash");