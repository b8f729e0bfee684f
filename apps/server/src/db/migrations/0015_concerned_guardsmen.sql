CREATE TABLE "notary_documents" (
	"order_id" bigint NOT NULL,
	"type" smallint NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notary_documents_order_id_type_pk" PRIMARY KEY("order_id","type")
);
--> statement-breakpoint
CREATE TABLE "notary_offices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(60) NOT NULL,
	"cert_prefix" varchar(20) NOT NULL,
	"fee_per_evidence" bigint NOT NULL,
	"key_sealed" text NOT NULL,
	"cert_chain" text NOT NULL,
	"seal_sha256" varchar(64) NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notary_order_evidence" (
	"order_id" bigint NOT NULL,
	"evidence_id" bigint NOT NULL,
	"verdict" jsonb,
	"verified_at" timestamp with time zone,
	CONSTRAINT "notary_order_evidence_order_id_evidence_id_pk" PRIMARY KEY("order_id","evidence_id")
);
--> statement-breakpoint
CREATE TABLE "notary_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_no" varchar(32) NOT NULL,
	"user_id" bigint NOT NULL,
	"office_id" bigint NOT NULL,
	"notarial_type" smallint NOT NULL,
	"step" smallint DEFAULT 1 NOT NULL,
	"status" smallint,
	"pay_status" smallint DEFAULT 1 NOT NULL,
	"pay_type" smallint DEFAULT 0 NOT NULL,
	"money" bigint NOT NULL,
	"commerce_order_no" varchar(32),
	"application" jsonb,
	"signed_at" timestamp with time zone,
	"signer_cert" text,
	"granted_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"interview_at" timestamp with time zone,
	"interview" jsonb,
	"issued_at" timestamp with time zone,
	"cert_no" varchar(64),
	"cert_year" integer,
	"cert_seq" integer,
	"reason" varchar(200),
	"handled_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notary_staff" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"office_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notary_documents" ADD CONSTRAINT "notary_documents_order_id_notary_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."notary_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notary_order_evidence" ADD CONSTRAINT "notary_order_evidence_order_id_notary_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."notary_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notary_orders" ADD CONSTRAINT "notary_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notary_orders" ADD CONSTRAINT "notary_orders_office_id_notary_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."notary_offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notary_staff" ADD CONSTRAINT "notary_staff_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notary_staff" ADD CONSTRAINT "notary_staff_office_id_notary_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."notary_offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notary_orders_no_uq" ON "notary_orders" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "notary_orders_user_idx" ON "notary_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "notary_orders_office_idx" ON "notary_orders" USING btree ("office_id","step","id");--> statement-breakpoint
CREATE UNIQUE INDEX "notary_orders_cert_no_uq" ON "notary_orders" USING btree ("cert_no") WHERE "notary_orders"."cert_no" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "notary_orders_cert_seq_uq" ON "notary_orders" USING btree ("office_id","cert_year","cert_seq") WHERE "notary_orders"."cert_seq" is not null;