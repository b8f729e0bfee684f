CREATE TABLE "addresses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"name" varchar(40) NOT NULL,
	"province" varchar(40) NOT NULL,
	"city" varchar(40) NOT NULL,
	"area" varchar(40) NOT NULL,
	"address" varchar(200) NOT NULL,
	"phone_number" varchar(20) NOT NULL,
	"email" varchar(100) DEFAULT '' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "invoice_headers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"type" smallint NOT NULL,
	"head" varchar(100) NOT NULL,
	"tax_num" varchar(30) NOT NULL,
	"email" varchar(100) NOT NULL,
	"bank_name" varchar(100) DEFAULT '' NOT NULL,
	"account" varchar(40) DEFAULT '' NOT NULL,
	"street" varchar(200) DEFAULT '' NOT NULL,
	"phone_number" varchar(20) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "invoice_orders" (
	"invoice_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	CONSTRAINT "invoice_orders_invoice_id_order_id_pk" PRIMARY KEY("invoice_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"apply_no" varchar(32) NOT NULL,
	"user_id" bigint NOT NULL,
	"invoice_type" varchar(24) NOT NULL,
	"header" jsonb NOT NULL,
	"address" jsonb,
	"money" bigint NOT NULL,
	"data_type" smallint NOT NULL,
	"remark" varchar(50) DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"check_remark" varchar(200),
	"courier_number" varchar(40),
	"pdf_sha256" varchar(64),
	"handled_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_no" varchar(32) NOT NULL,
	"user_id" bigint NOT NULL,
	"member_id" bigint,
	"data_type" smallint NOT NULL,
	"type" smallint NOT NULL,
	"desc" varchar(200) NOT NULL,
	"points" bigint NOT NULL,
	"money" bigint DEFAULT 0 NOT NULL,
	"units" integer DEFAULT 1 NOT NULL,
	"pay_status" smallint NOT NULL,
	"pay_type" smallint NOT NULL,
	"invoice_status" smallint DEFAULT 0 NOT NULL,
	"evidence_id" bigint,
	"expires_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"provider" varchar(16) NOT NULL,
	"trade_no" varchar(64),
	"amount" bigint NOT NULL,
	"status" varchar(12) NOT NULL,
	"notify" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "points_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transfer_id" bigint NOT NULL,
	"account" varchar(40) NOT NULL,
	"user_id" bigint,
	"amount" bigint NOT NULL,
	"balance_after" bigint,
	"reason" varchar(16) NOT NULL,
	"pay_type" smallint NOT NULL,
	"order_id" bigint,
	"evidence_id" bigint,
	"member_id" bigint,
	"actor_id" bigint,
	"note" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prices" (
	"order_type" smallint PRIMARY KEY NOT NULL,
	"price" bigint NOT NULL,
	"unit" varchar(12) DEFAULT 'each' NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_headers" ADD CONSTRAINT "invoice_headers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_orders" ADD CONSTRAINT "invoice_orders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_orders" ADD CONSTRAINT "invoice_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_user_idx" ON "addresses" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "invoice_headers_user_idx" ON "invoice_headers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "invoice_orders_order_idx" ON "invoice_orders" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_no_uq" ON "invoices" USING btree ("apply_no");--> statement-breakpoint
CREATE INDEX "invoices_user_idx" ON "invoices" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "invoices_status_idx" ON "invoices" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_no_uq" ON "orders" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","data_type","created_at");--> statement-breakpoint
CREATE INDEX "orders_member_idx" ON "orders" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_pending_idx" ON "orders" USING btree ("expires_at") WHERE "orders"."pay_status" = 1;--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_trade_uq" ON "payments" USING btree ("provider","trade_no");--> statement-breakpoint
CREATE INDEX "points_ledger_user_idx" ON "points_ledger" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "points_ledger_transfer_idx" ON "points_ledger" USING btree ("transfer_id");--> statement-breakpoint
CREATE INDEX "points_ledger_order_idx" ON "points_ledger" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "points_ledger_recharge_uq" ON "points_ledger" USING btree ("order_id","account") WHERE "points_ledger"."reason" = 'recharge';