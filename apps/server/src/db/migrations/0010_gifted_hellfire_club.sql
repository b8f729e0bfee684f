CREATE TABLE "company_members" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"pid" bigint NOT NULL,
	"son_uid" bigint NOT NULL,
	"mobile" varchar(11) NOT NULL,
	"name" varchar(60) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"letter_id" bigint NOT NULL,
	"audit_content" varchar(200) DEFAULT '' NOT NULL,
	"reviewed_by" bigint,
	"reviewed_at" timestamp with time zone,
	"bind_time" timestamp with time zone,
	"stop_time" timestamp with time zone,
	"stop_reason" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "member_letters" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"path" varchar(40) NOT NULL,
	"owner_id" bigint NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"mime" varchar(40) NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "evidence" ADD COLUMN "member_id" bigint;--> statement-breakpoint
ALTER TABLE "web_captures" ADD COLUMN "member_id" bigint;--> statement-breakpoint
ALTER TABLE "process_sessions" ADD COLUMN "member_id" bigint;--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_pid_users_id_fk" FOREIGN KEY ("pid") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_son_uid_users_id_fk" FOREIGN KEY ("son_uid") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_letter_id_member_letters_id_fk" FOREIGN KEY ("letter_id") REFERENCES "public"."member_letters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_letters" ADD CONSTRAINT "member_letters_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_members_pid_idx" ON "company_members" USING btree ("pid","created_at");--> statement-breakpoint
CREATE INDEX "company_members_son_idx" ON "company_members" USING btree ("son_uid");--> statement-breakpoint
CREATE INDEX "company_members_review_idx" ON "company_members" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "company_members_active_uq" ON "company_members" USING btree ("son_uid") WHERE "company_members"."status" in (1, 3) and "company_members"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "member_letters_path_uq" ON "member_letters" USING btree ("path");--> statement-breakpoint
CREATE INDEX "member_letters_owner_idx" ON "member_letters" USING btree ("owner_id");