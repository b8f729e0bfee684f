CREATE TABLE "app_evidence" (
	"evidence_id" bigint PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"capture_type" smallint NOT NULL,
	"name" varchar(100) DEFAULT '' NOT NULL,
	"model_name" varchar(100) DEFAULT '' NOT NULL,
	"version" varchar(100) DEFAULT '' NOT NULL,
	"processor" varchar(100) DEFAULT '' NOT NULL,
	"core" varchar(100) DEFAULT '' NOT NULL,
	"app_address" varchar(500) DEFAULT '' NOT NULL,
	"user_agent" varchar(500) DEFAULT '' NOT NULL,
	"source" varchar(8) DEFAULT 'web' NOT NULL,
	"started_at" bigint NOT NULL,
	"ended_at" bigint NOT NULL,
	"duration" integer DEFAULT 0 NOT NULL,
	"units" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_upload_parts" (
	"upload_id" varchar(40) NOT NULL,
	"offset" bigint NOT NULL,
	"size" bigint NOT NULL,
	"sha256" varchar(64) NOT NULL,
	CONSTRAINT "app_upload_parts_upload_id_offset_pk" PRIMARY KEY("upload_id","offset")
);
--> statement-breakpoint
CREATE TABLE "app_uploads" (
	"id" varchar(40) PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"length" bigint NOT NULL,
	"offset" bigint DEFAULT 0 NOT NULL,
	"file_name" varchar(255) DEFAULT '' NOT NULL,
	"mime" varchar(120) DEFAULT '' NOT NULL,
	"evidence_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_evidence" ADD CONSTRAINT "app_evidence_evidence_id_evidence_id_fk" FOREIGN KEY ("evidence_id") REFERENCES "public"."evidence"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_evidence" ADD CONSTRAINT "app_evidence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_upload_parts" ADD CONSTRAINT "app_upload_parts_upload_id_app_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."app_uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_uploads" ADD CONSTRAINT "app_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_evidence_owner_idx" ON "app_evidence" USING btree ("user_id","capture_type");--> statement-breakpoint
CREATE INDEX "app_uploads_owner_idx" ON "app_uploads" USING btree ("user_id","updated_at");