CREATE TABLE "issued_certificates" (
	"evidence_id" bigint NOT NULL,
	"lang" varchar(2) NOT NULL,
	"pdf_sha256" varchar(64) NOT NULL,
	"checkpoint_size" bigint NOT NULL,
	"facts" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "issued_certificates_evidence_id_lang_pk" PRIMARY KEY("evidence_id","lang")
);
--> statement-breakpoint
CREATE TABLE "witness_cosignatures" (
	"size" bigint NOT NULL,
	"witness" varchar(200) NOT NULL,
	"line" text NOT NULL,
	"cosigned_at" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "witness_cosignatures_size_witness_pk" PRIMARY KEY("size","witness")
);
--> statement-breakpoint
ALTER TABLE "issued_certificates" ADD CONSTRAINT "issued_certificates_evidence_id_evidence_id_fk" FOREIGN KEY ("evidence_id") REFERENCES "public"."evidence"("id") ON DELETE no action ON UPDATE no action;