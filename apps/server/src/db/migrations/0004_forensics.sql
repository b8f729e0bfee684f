CREATE TABLE "web_batch_items" (
	"batch_id" varchar(40) NOT NULL,
	"position" smallint NOT NULL,
	"url" varchar(2100) NOT NULL,
	"valid" boolean NOT NULL,
	"reason" varchar(200) DEFAULT '' NOT NULL,
	"capture_id" bigint,
	CONSTRAINT "web_batch_items_batch_id_position_pk" PRIMARY KEY("batch_id","position")
);
--> statement-breakpoint
CREATE TABLE "web_batches" (
	"id" varchar(40) PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "web_captures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"batch_id" varchar(40),
	"url" varchar(2100) NOT NULL,
	"title" varchar(200) DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"reason" varchar(200) DEFAULT '' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"final_url" text DEFAULT '' NOT NULL,
	"evidence_id" bigint,
	"artefacts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"provenance" jsonb,
	"screenshot_sha" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "web_previews" (
	"id" varchar(40) PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"url" varchar(2100) NOT NULL,
	"final_url" text NOT NULL,
	"title" varchar(500) NOT NULL,
	"screenshot" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "web_batch_items" ADD CONSTRAINT "web_batch_items_batch_id_web_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."web_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_batches" ADD CONSTRAINT "web_batches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_captures" ADD CONSTRAINT "web_captures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_captures" ADD CONSTRAINT "web_captures_evidence_id_evidence_id_fk" FOREIGN KEY ("evidence_id") REFERENCES "public"."evidence"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_previews" ADD CONSTRAINT "web_previews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "web_batches_owner_idx" ON "web_batches" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "web_captures_owner_idx" ON "web_captures" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "web_captures_batch_idx" ON "web_captures" USING btree ("batch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "web_captures_evidence_uq" ON "web_captures" USING btree ("evidence_id");--> statement-breakpoint
CREATE INDEX "web_previews_lookup_idx" ON "web_previews" USING btree ("user_id","url","created_at");