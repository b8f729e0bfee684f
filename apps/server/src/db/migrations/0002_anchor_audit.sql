CREATE TABLE "anchors" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"chain_id" bigint NOT NULL,
	"chain_name" varchar(100) NOT NULL,
	"size" bigint NOT NULL,
	"root" "bytea" NOT NULL,
	"note_sha256" "bytea" NOT NULL,
	"tx_hash" varchar(66) NOT NULL,
	"from_address" varchar(42) NOT NULL,
	"raw_tx" "bytea" NOT NULL,
	"status" varchar(12) DEFAULT 'pending' NOT NULL,
	"block_number" bigint,
	"block_time" bigint,
	"tx_url" varchar(2000) DEFAULT '' NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "audit_alerts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" varchar(20) NOT NULL,
	"target" varchar(200) NOT NULL,
	"detail" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved" boolean DEFAULT false NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" bigint
);
--> statement-breakpoint
CREATE TABLE "audit_cursor" (
	"name" varchar(20) PRIMARY KEY NOT NULL,
	"position" bigint DEFAULT 0 NOT NULL,
	"state" jsonb,
	"passes" integer DEFAULT 0 NOT NULL,
	"last_pass_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"blobs_checked" integer DEFAULT 0 NOT NULL,
	"bytes_checked" bigint DEFAULT 0 NOT NULL,
	"leaves_checked" integer DEFAULT 0 NOT NULL,
	"checkpoints_checked" integer DEFAULT 0 NOT NULL,
	"anchors_checked" integer DEFAULT 0 NOT NULL,
	"problems" integer DEFAULT 0 NOT NULL,
	"completed" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "anchors_chain_size_uq" ON "anchors" USING btree ("chain_id","size") WHERE status <> 'failed';--> statement-breakpoint
CREATE UNIQUE INDEX "anchors_tx_uq" ON "anchors" USING btree ("tx_hash");--> statement-breakpoint
CREATE INDEX "anchors_status_size_idx" ON "anchors" USING btree ("status","size");--> statement-breakpoint
CREATE UNIQUE INDEX "audit_alerts_open_uq" ON "audit_alerts" USING btree ("kind","target") WHERE resolved = false;--> statement-breakpoint
CREATE INDEX "audit_alerts_created_idx" ON "audit_alerts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_runs_started_idx" ON "audit_runs" USING btree ("started_at");