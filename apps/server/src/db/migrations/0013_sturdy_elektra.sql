CREATE TABLE "evidence_sm3" (
	"evidence_id" bigint PRIMARY KEY NOT NULL,
	"sm3" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "music_works" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"evidence_id" bigint NOT NULL,
	"work_title" varchar(100) NOT NULL,
	"lyricist" varchar(50) DEFAULT '' NOT NULL,
	"composer" varchar(50) DEFAULT '' NOT NULL,
	"performer" varchar(50) DEFAULT '' NOT NULL,
	"album" varchar(100) DEFAULT '' NOT NULL,
	"isrc" varchar(12) DEFAULT '' NOT NULL,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"codec" varchar(40) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "evidence_sm3" ADD CONSTRAINT "evidence_sm3_evidence_id_evidence_id_fk" FOREIGN KEY ("evidence_id") REFERENCES "public"."evidence"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "music_works" ADD CONSTRAINT "music_works_evidence_id_evidence_id_fk" FOREIGN KEY ("evidence_id") REFERENCES "public"."evidence"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "evidence_sm3_digest_idx" ON "evidence_sm3" USING btree ("sm3","evidence_id");--> statement-breakpoint
CREATE UNIQUE INDEX "music_works_evidence_uq" ON "music_works" USING btree ("evidence_id");