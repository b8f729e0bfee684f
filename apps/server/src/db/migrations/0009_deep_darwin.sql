CREATE TABLE "process_sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"type" smallint NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"title" varchar(200) DEFAULT '' NOT NULL,
	"url" varchar(2100) DEFAULT '' NOT NULL,
	"final_url" text DEFAULT '' NOT NULL,
	"note" varchar(500) DEFAULT '' NOT NULL,
	"stream_nonce" varchar(40) NOT NULL,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"evidence_id" bigint,
	"artefacts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"provenance" jsonb,
	"actions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"shots" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"video_sha" varchar(64) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "process_sessions" ADD CONSTRAINT "process_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_sessions" ADD CONSTRAINT "process_sessions_evidence_id_evidence_id_fk" FOREIGN KEY ("evidence_id") REFERENCES "public"."evidence"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "process_sessions_owner_idx" ON "process_sessions" USING btree ("user_id","type","created_at");--> statement-breakpoint
CREATE INDEX "process_sessions_status_idx" ON "process_sessions" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "process_sessions_evidence_uq" ON "process_sessions" USING btree ("evidence_id");