CREATE TABLE "timestamps" (
	"evidence_id" bigint PRIMARY KEY NOT NULL,
	"token" "bytea" NOT NULL,
	"gen_time" bigint NOT NULL,
	"serial" text NOT NULL,
	"tsa_name" text NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "timestamps" ADD CONSTRAINT "timestamps_evidence_id_evidence_id_fk" FOREIGN KEY ("evidence_id") REFERENCES "public"."evidence"("id") ON DELETE no action ON UPDATE no action;