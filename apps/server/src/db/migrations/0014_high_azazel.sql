CREATE TABLE "kyc_applications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" varchar(16) NOT NULL,
	"status" smallint DEFAULT 2 NOT NULL,
	"form" text NOT NULL,
	"images" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"reason" varchar(200) DEFAULT '' NOT NULL,
	"reviewer_id" bigint,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kyc_face_sessions" (
	"biz_seq_no" varchar(40) PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"identity" text NOT NULL,
	"state" varchar(8) DEFAULT '0000' NOT NULL,
	"note" varchar(100) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "kyc_images" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"owner_id" bigint NOT NULL,
	"field" varchar(30) NOT NULL,
	"mime" varchar(30) NOT NULL,
	"size" bigint NOT NULL,
	"blob_sha" varchar(64),
	"data_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deletion_requested_at" timestamp with time zone,
	"purge_after" timestamp with time zone,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "kyc_profiles" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"kyc_type" smallint,
	"repair_type" smallint DEFAULT 0 NOT NULL,
	"form" text NOT NULL,
	"images" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"verified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kyc_applications" ADD CONSTRAINT "kyc_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_applications" ADD CONSTRAINT "kyc_applications_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_face_sessions" ADD CONSTRAINT "kyc_face_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_images" ADD CONSTRAINT "kyc_images_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_profiles" ADD CONSTRAINT "kyc_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kyc_app_user_idx" ON "kyc_applications" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "kyc_app_queue_idx" ON "kyc_applications" USING btree ("kind","status","id");--> statement-breakpoint
CREATE INDEX "kyc_face_user_idx" ON "kyc_face_sessions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "kyc_images_owner_idx" ON "kyc_images" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "kyc_images_purge_idx" ON "kyc_images" USING btree ("purge_after") WHERE "kyc_images"."deleted_at" is null;