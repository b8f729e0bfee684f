ALTER TABLE "process_sessions" ADD COLUMN "owner_url" varchar(300) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "process_sessions" ADD COLUMN "deadline_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "process_sessions" ADD COLUMN "stop_request" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "process_sessions" ADD COLUMN "heartbeat_at" timestamp with time zone;