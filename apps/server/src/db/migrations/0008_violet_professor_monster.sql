CREATE TABLE "evidence_artefacts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"evidence_id" bigint NOT NULL,
	"role" varchar(16) NOT NULL,
	"name" varchar(255) NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"size" bigint NOT NULL,
	"mime" varchar(120) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "evidence_artefacts" ADD CONSTRAINT "evidence_artefacts_evidence_id_evidence_id_fk" FOREIGN KEY ("evidence_id") REFERENCES "public"."evidence"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_artefacts" ADD CONSTRAINT "evidence_artefacts_sha256_blobs_sha256_fk" FOREIGN KEY ("sha256") REFERENCES "public"."blobs"("sha256") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "evidence_artefacts_uq" ON "evidence_artefacts" USING btree ("evidence_id","role","name");