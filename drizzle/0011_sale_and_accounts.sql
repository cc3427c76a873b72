CREATE TABLE "stock_demands" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"qty" numeric(16, 2) NOT NULL,
	"doc_type" text NOT NULL,
	"doc_id" integer NOT NULL,
	"doc_no" text NOT NULL,
	"doc_line_id" integer NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_demands_qty_pos" CHECK ("stock_demands"."qty" > 0)
);
--> statement-breakpoint
CREATE TABLE "approvals" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"doc_type" text NOT NULL,
	"doc_id" integer NOT NULL,
	"doc_no" text NOT NULL,
	"partner_id" integer,
	"amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	"reason" text,
	"status" smallint DEFAULT 0 NOT NULL,
	"requested_by" integer,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"comment" text
);
--> statement-breakpoint
CREATE TABLE "deliver_order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"line_no" smallint NOT NULL,
	"remark" text,
	"deliver_order_id" integer NOT NULL,
	"sales_order_line_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"batch_no" text DEFAULT '' NOT NULL,
	"qty" numeric(16, 2) NOT NULL,
	"price" numeric(16, 2) NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"unit_cost" numeric(18, 4),
	"scanned_qty" numeric(16, 2) DEFAULT '0' NOT NULL,
	"returned_qty" numeric(16, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deliver_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"no" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"remark" text,
	"created_by" integer,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"posted_at" timestamp with time zone,
	"posted_by" integer,
	"sales_order_id" integer NOT NULL,
	"picking_order_id" integer,
	"partner_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"total_qty" numeric(16, 2) DEFAULT '0' NOT NULL,
	"total_amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	"total_cost" numeric(16, 2),
	"logistics_company_id" integer,
	"tracking_no" text,
	"packages" integer,
	"receiver_name" text,
	"receiver_phone" text,
	"address" text,
	"shipped_at" timestamp with time zone,
	"scan_checked_at" timestamp with time zone,
	"scan_checked_by" integer
);
--> statement-breakpoint
CREATE TABLE "logistics_companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"code" text,
	"contact_phone" text,
	"tracking_url" text,
	"remark" text,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "picking_order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"line_no" smallint NOT NULL,
	"remark" text,
	"picking_order_id" integer NOT NULL,
	"sales_order_line_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"batch_no" text DEFAULT '' NOT NULL,
	"qty" numeric(16, 2) NOT NULL,
	"picked_qty" numeric(16, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "picking_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"no" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"remark" text,
	"created_by" integer,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"posted_at" timestamp with time zone,
	"posted_by" integer,
	"sales_order_id" integer NOT NULL,
	"partner_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"picker_id" integer
);
--> statement-breakpoint
CREATE TABLE "sales_order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"line_no" smallint NOT NULL,
	"remark" text,
	"order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"qty" numeric(16, 2) NOT NULL,
	"list_price" numeric(16, 2),
	"price" numeric(16, 2) NOT NULL,
	"discount" numeric(5, 2) DEFAULT '100' NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"cost_price" numeric(18, 4),
	"picked_qty" numeric(16, 2) DEFAULT '0' NOT NULL,
	"delivered_qty" numeric(16, 2) DEFAULT '0' NOT NULL,
	"returned_qty" numeric(16, 2) DEFAULT '0' NOT NULL,
	"cancelled_qty" numeric(16, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"no" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"remark" text,
	"created_by" integer,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"posted_at" timestamp with time zone,
	"posted_by" integer,
	"partner_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"salesman_id" integer,
	"payment_term" smallint,
	"contact_name" text,
	"contact_phone" text,
	"address" text,
	"total_qty" numeric(16, 2) DEFAULT '0' NOT NULL,
	"total_amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	"delivered_amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	"allow_shortage" boolean DEFAULT false NOT NULL,
	"approval_status" smallint,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sales_return_order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"line_no" smallint NOT NULL,
	"remark" text,
	"return_order_id" integer NOT NULL,
	"sales_order_line_id" integer,
	"deliver_order_line_id" integer,
	"product_id" integer NOT NULL,
	"qty" numeric(16, 2) NOT NULL,
	"price" numeric(16, 2) NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"unit_cost" numeric(18, 4),
	"reason_code" smallint,
	"batch_no" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_return_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"no" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"remark" text,
	"created_by" integer,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"posted_at" timestamp with time zone,
	"posted_by" integer,
	"partner_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"sales_order_id" integer,
	"location_id" integer,
	"total_qty" numeric(16, 2) DEFAULT '0' NOT NULL,
	"total_amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	"approval_status" smallint
);
--> statement-breakpoint
CREATE TABLE "partner_account_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"partner_id" integer NOT NULL,
	"doc_type" text NOT NULL,
	"doc_id" integer NOT NULL,
	"doc_no" text NOT NULL,
	"entry_date" date NOT NULL,
	"due_date" date,
	"amount" numeric(16, 2) NOT NULL,
	"settled_amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	"balance_after" numeric(16, 2) NOT NULL,
	"remark" text,
	"user_id" integer,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"partner_id" integer NOT NULL,
	"balance" numeric(16, 2) DEFAULT '0' NOT NULL,
	"open_order_amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_payment_allocations" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"entry_id" integer NOT NULL,
	"amount" numeric(16, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"no" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"remark" text,
	"created_by" integer,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"posted_at" timestamp with time zone,
	"posted_by" integer,
	"kind" smallint NOT NULL,
	"partner_id" integer NOT NULL,
	"payment_method_id" integer,
	"amount" numeric(16, 2) NOT NULL,
	"unallocated_amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	"paid_on" date NOT NULL,
	"request_key" text,
	CONSTRAINT "partner_payments_amount_pos" CHECK ("partner_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statement_confirmations" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"partner_id" integer NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"opening_balance" numeric(16, 2) NOT NULL,
	"closing_balance" numeric(16, 2) NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"comment" text,
	"created_by" integer,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "stock_demands" ADD CONSTRAINT "stock_demands_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_demands" ADD CONSTRAINT "stock_demands_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_demands" ADD CONSTRAINT "stock_demands_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_demands" ADD CONSTRAINT "stock_demands_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_partner_id_enterprise_relations_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."enterprise_relations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliver_order_lines" ADD CONSTRAINT "deliver_order_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliver_order_lines" ADD CONSTRAINT "deliver_order_lines_deliver_order_id_deliver_orders_id_fk" FOREIGN KEY ("deliver_order_id") REFERENCES "public"."deliver_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliver_order_lines" ADD CONSTRAINT "deliver_order_lines_sales_order_line_id_sales_order_lines_id_fk" FOREIGN KEY ("sales_order_line_id") REFERENCES "public"."sales_order_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliver_order_lines" ADD CONSTRAINT "deliver_order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliver_order_lines" ADD CONSTRAINT "deliver_order_lines_location_id_stock_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."stock_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliver_orders" ADD CONSTRAINT "deliver_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliver_orders" ADD CONSTRAINT "deliver_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliver_orders" ADD CONSTRAINT "deliver_orders_posted_by_users_id_fk" FOREIGN KEY ("posted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliver_orders" ADD CONSTRAINT "deliver_orders_sales_order_id_sales_orders_id_fk" FOREIGN KEY ("sales_order_id") REFERENCES "public"."sales_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliver_orders" ADD CONSTRAINT "deliver_orders_picking_order_id_picking_orders_id_fk" FOREIGN KEY ("picking_order_id") REFERENCES "public"."picking_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliver_orders" ADD CONSTRAINT "deliver_orders_partner_id_enterprise_relations_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."enterprise_relations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliver_orders" ADD CONSTRAINT "deliver_orders_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliver_orders" ADD CONSTRAINT "deliver_orders_logistics_company_id_logistics_companies_id_fk" FOREIGN KEY ("logistics_company_id") REFERENCES "public"."logistics_companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliver_orders" ADD CONSTRAINT "deliver_orders_scan_checked_by_users_id_fk" FOREIGN KEY ("scan_checked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logistics_companies" ADD CONSTRAINT "logistics_companies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picking_order_lines" ADD CONSTRAINT "picking_order_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picking_order_lines" ADD CONSTRAINT "picking_order_lines_picking_order_id_picking_orders_id_fk" FOREIGN KEY ("picking_order_id") REFERENCES "public"."picking_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picking_order_lines" ADD CONSTRAINT "picking_order_lines_sales_order_line_id_sales_order_lines_id_fk" FOREIGN KEY ("sales_order_line_id") REFERENCES "public"."sales_order_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picking_order_lines" ADD CONSTRAINT "picking_order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picking_order_lines" ADD CONSTRAINT "picking_order_lines_location_id_stock_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."stock_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picking_orders" ADD CONSTRAINT "picking_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picking_orders" ADD CONSTRAINT "picking_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picking_orders" ADD CONSTRAINT "picking_orders_posted_by_users_id_fk" FOREIGN KEY ("posted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picking_orders" ADD CONSTRAINT "picking_orders_sales_order_id_sales_orders_id_fk" FOREIGN KEY ("sales_order_id") REFERENCES "public"."sales_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picking_orders" ADD CONSTRAINT "picking_orders_partner_id_enterprise_relations_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."enterprise_relations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picking_orders" ADD CONSTRAINT "picking_orders_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picking_orders" ADD CONSTRAINT "picking_orders_picker_id_users_id_fk" FOREIGN KEY ("picker_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_order_lines" ADD CONSTRAINT "sales_order_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_order_lines" ADD CONSTRAINT "sales_order_lines_order_id_sales_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."sales_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_order_lines" ADD CONSTRAINT "sales_order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD CONSTRAINT "sales_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD CONSTRAINT "sales_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD CONSTRAINT "sales_orders_posted_by_users_id_fk" FOREIGN KEY ("posted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD CONSTRAINT "sales_orders_partner_id_enterprise_relations_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."enterprise_relations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD CONSTRAINT "sales_orders_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD CONSTRAINT "sales_orders_salesman_id_users_id_fk" FOREIGN KEY ("salesman_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_return_order_lines" ADD CONSTRAINT "sales_return_order_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_return_order_lines" ADD CONSTRAINT "sales_return_order_lines_return_order_id_sales_return_orders_id_fk" FOREIGN KEY ("return_order_id") REFERENCES "public"."sales_return_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_return_order_lines" ADD CONSTRAINT "sales_return_order_lines_sales_order_line_id_sales_order_lines_id_fk" FOREIGN KEY ("sales_order_line_id") REFERENCES "public"."sales_order_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_return_order_lines" ADD CONSTRAINT "sales_return_order_lines_deliver_order_line_id_deliver_order_lines_id_fk" FOREIGN KEY ("deliver_order_line_id") REFERENCES "public"."deliver_order_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_return_order_lines" ADD CONSTRAINT "sales_return_order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_return_orders" ADD CONSTRAINT "sales_return_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_return_orders" ADD CONSTRAINT "sales_return_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_return_orders" ADD CONSTRAINT "sales_return_orders_posted_by_users_id_fk" FOREIGN KEY ("posted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_return_orders" ADD CONSTRAINT "sales_return_orders_partner_id_enterprise_relations_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."enterprise_relations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_return_orders" ADD CONSTRAINT "sales_return_orders_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_return_orders" ADD CONSTRAINT "sales_return_orders_sales_order_id_sales_orders_id_fk" FOREIGN KEY ("sales_order_id") REFERENCES "public"."sales_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_return_orders" ADD CONSTRAINT "sales_return_orders_location_id_stock_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."stock_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_account_entries" ADD CONSTRAINT "partner_account_entries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_account_entries" ADD CONSTRAINT "partner_account_entries_partner_id_enterprise_relations_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."enterprise_relations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_account_entries" ADD CONSTRAINT "partner_account_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_accounts" ADD CONSTRAINT "partner_accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_accounts" ADD CONSTRAINT "partner_accounts_partner_id_enterprise_relations_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."enterprise_relations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_payment_allocations" ADD CONSTRAINT "partner_payment_allocations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_payment_allocations" ADD CONSTRAINT "partner_payment_allocations_payment_id_partner_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."partner_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_payments" ADD CONSTRAINT "partner_payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_payments" ADD CONSTRAINT "partner_payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_payments" ADD CONSTRAINT "partner_payments_posted_by_users_id_fk" FOREIGN KEY ("posted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_payments" ADD CONSTRAINT "partner_payments_partner_id_enterprise_relations_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."enterprise_relations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_payments" ADD CONSTRAINT "partner_payments_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_confirmations" ADD CONSTRAINT "statement_confirmations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_confirmations" ADD CONSTRAINT "statement_confirmations_partner_id_enterprise_relations_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."enterprise_relations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_confirmations" ADD CONSTRAINT "statement_confirmations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_confirmations" ADD CONSTRAINT "statement_confirmations_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_demands_line_uq" ON "stock_demands" USING btree ("company_id","doc_type","doc_line_id");--> statement-breakpoint
CREATE INDEX "stock_demands_doc_idx" ON "stock_demands" USING btree ("company_id","doc_type","doc_id");--> statement-breakpoint
CREATE INDEX "stock_demands_product_idx" ON "stock_demands" USING btree ("company_id","product_id","warehouse_id","id");--> statement-breakpoint
CREATE INDEX "approvals_company_kind_idx" ON "approvals" USING btree ("company_id","kind","status","id");--> statement-breakpoint
CREATE INDEX "approvals_doc_idx" ON "approvals" USING btree ("company_id","doc_type","doc_id");--> statement-breakpoint
CREATE UNIQUE INDEX "approvals_one_waiting_uq" ON "approvals" USING btree ("company_id","doc_type","doc_id") WHERE "approvals"."status" = 0;--> statement-breakpoint
CREATE INDEX "deliver_order_lines_doc_idx" ON "deliver_order_lines" USING btree ("deliver_order_id","line_no");--> statement-breakpoint
CREATE INDEX "deliver_order_lines_so_line_idx" ON "deliver_order_lines" USING btree ("sales_order_line_id");--> statement-breakpoint
CREATE INDEX "deliver_order_lines_product_idx" ON "deliver_order_lines" USING btree ("company_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deliver_orders_no_uq" ON "deliver_orders" USING btree ("company_id","no");--> statement-breakpoint
CREATE INDEX "deliver_orders_company_id_idx" ON "deliver_orders" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "deliver_orders_company_status_idx" ON "deliver_orders" USING btree ("company_id","status","id");--> statement-breakpoint
CREATE INDEX "deliver_orders_order_idx" ON "deliver_orders" USING btree ("company_id","sales_order_id");--> statement-breakpoint
CREATE INDEX "deliver_orders_partner_idx" ON "deliver_orders" USING btree ("company_id","partner_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "logistics_companies_name_uq" ON "logistics_companies" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "logistics_companies_company_idx" ON "logistics_companies" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "picking_order_lines_doc_idx" ON "picking_order_lines" USING btree ("picking_order_id","line_no");--> statement-breakpoint
CREATE INDEX "picking_order_lines_so_line_idx" ON "picking_order_lines" USING btree ("sales_order_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "picking_orders_no_uq" ON "picking_orders" USING btree ("company_id","no");--> statement-breakpoint
CREATE INDEX "picking_orders_company_id_idx" ON "picking_orders" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "picking_orders_company_status_idx" ON "picking_orders" USING btree ("company_id","status","id");--> statement-breakpoint
CREATE INDEX "picking_orders_order_idx" ON "picking_orders" USING btree ("company_id","sales_order_id");--> statement-breakpoint
CREATE INDEX "sales_order_lines_order_idx" ON "sales_order_lines" USING btree ("order_id","line_no");--> statement-breakpoint
CREATE INDEX "sales_order_lines_product_idx" ON "sales_order_lines" USING btree ("company_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_orders_no_uq" ON "sales_orders" USING btree ("company_id","no");--> statement-breakpoint
CREATE INDEX "sales_orders_company_id_idx" ON "sales_orders" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "sales_orders_company_status_idx" ON "sales_orders" USING btree ("company_id","status","id");--> statement-breakpoint
CREATE INDEX "sales_orders_partner_idx" ON "sales_orders" USING btree ("company_id","partner_id","id");--> statement-breakpoint
CREATE INDEX "sales_orders_salesman_idx" ON "sales_orders" USING btree ("company_id","salesman_id","id");--> statement-breakpoint
CREATE INDEX "sales_orders_creation_idx" ON "sales_orders" USING btree ("company_id","creation_time");--> statement-breakpoint
CREATE INDEX "sales_return_order_lines_doc_idx" ON "sales_return_order_lines" USING btree ("return_order_id","line_no");--> statement-breakpoint
CREATE INDEX "sales_return_order_lines_so_line_idx" ON "sales_return_order_lines" USING btree ("sales_order_line_id");--> statement-breakpoint
CREATE INDEX "sales_return_order_lines_product_idx" ON "sales_return_order_lines" USING btree ("company_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_return_orders_no_uq" ON "sales_return_orders" USING btree ("company_id","no");--> statement-breakpoint
CREATE INDEX "sales_return_orders_company_id_idx" ON "sales_return_orders" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "sales_return_orders_company_status_idx" ON "sales_return_orders" USING btree ("company_id","status","id");--> statement-breakpoint
CREATE INDEX "sales_return_orders_partner_idx" ON "sales_return_orders" USING btree ("company_id","partner_id","id");--> statement-breakpoint
CREATE INDEX "sales_return_orders_order_idx" ON "sales_return_orders" USING btree ("company_id","sales_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_account_entries_doc_uq" ON "partner_account_entries" USING btree ("company_id","doc_type","doc_id");--> statement-breakpoint
CREATE INDEX "partner_account_entries_partner_idx" ON "partner_account_entries" USING btree ("company_id","partner_id","entry_date","id");--> statement-breakpoint
CREATE INDEX "partner_account_entries_open_idx" ON "partner_account_entries" USING btree ("company_id","partner_id","id") WHERE "partner_account_entries"."amount" > "partner_account_entries"."settled_amount" and "partner_account_entries"."amount" > 0;--> statement-breakpoint
CREATE UNIQUE INDEX "partner_accounts_partner_uq" ON "partner_accounts" USING btree ("company_id","partner_id");--> statement-breakpoint
CREATE INDEX "partner_payment_allocations_payment_idx" ON "partner_payment_allocations" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "partner_payment_allocations_entry_idx" ON "partner_payment_allocations" USING btree ("company_id","entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_payments_no_uq" ON "partner_payments" USING btree ("company_id","no");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_payments_request_uq" ON "partner_payments" USING btree ("company_id","request_key");--> statement-breakpoint
CREATE INDEX "partner_payments_company_id_idx" ON "partner_payments" USING btree ("company_id","kind","id");--> statement-breakpoint
CREATE INDEX "partner_payments_partner_idx" ON "partner_payments" USING btree ("company_id","partner_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_name_uq" ON "payment_methods" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "statement_confirmations_partner_idx" ON "statement_confirmations" USING btree ("company_id","partner_id","period_to");