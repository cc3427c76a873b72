CREATE TABLE "business_code_rules" (
	"company_id" integer NOT NULL,
	"doc_type" text NOT NULL,
	"prefix" text NOT NULL,
	"date_part" text DEFAULT 'yyyyMMdd' NOT NULL,
	"seq_length" smallint DEFAULT 4 NOT NULL,
	"reset" text DEFAULT 'day' NOT NULL,
	CONSTRAINT "business_code_rules_company_id_doc_type_pk" PRIMARY KEY("company_id","doc_type")
);
--> statement-breakpoint
CREATE TABLE "number_sequences" (
	"company_id" integer NOT NULL,
	"doc_type" text NOT NULL,
	"period" text NOT NULL,
	"next_value" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "number_sequences_company_id_doc_type_period_pk" PRIMARY KEY("company_id","doc_type","period")
);
--> statement-breakpoint
CREATE TABLE "product_costs" (
	"company_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"avg_cost" numeric(18, 4) DEFAULT '0' NOT NULL,
	"qty_on_hand" numeric(16, 2) DEFAULT '0' NOT NULL,
	"locked_qty" numeric(16, 2) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_costs_company_id_product_id_pk" PRIMARY KEY("company_id","product_id"),
	CONSTRAINT "product_costs_qty_nonneg" CHECK ("product_costs"."qty_on_hand" >= 0)
);
--> statement-breakpoint
CREATE TABLE "product_locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "safe_stocks" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"min_qty" numeric(16, 2) DEFAULT '0' NOT NULL,
	"max_qty" numeric(16, 2) DEFAULT '0' NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "safe_stocks_range" CHECK ("safe_stocks"."min_qty" >= 0 and "safe_stocks"."max_qty" >= "safe_stocks"."min_qty")
);
--> statement-breakpoint
CREATE TABLE "stock_balances" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"batch_no" text DEFAULT '' NOT NULL,
	"qty" numeric(16, 2) DEFAULT '0' NOT NULL,
	"locked_qty" numeric(16, 2) DEFAULT '0' NOT NULL,
	"unit_cost" numeric(18, 4) DEFAULT '0' NOT NULL,
	"source" smallint DEFAULT 0 NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_balances_qty_nonneg" CHECK ("stock_balances"."qty" >= 0 and "stock_balances"."locked_qty" >= 0 and "stock_balances"."locked_qty" <= "stock_balances"."qty")
);
--> statement-breakpoint
CREATE TABLE "stock_locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"code" text NOT NULL,
	"full_name" text NOT NULL,
	"full_name_sort" text,
	"kind" smallint DEFAULT 0 NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"remark" text,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_locks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"batch_no" text DEFAULT '' NOT NULL,
	"qty" numeric(16, 2) NOT NULL,
	"doc_type" text NOT NULL,
	"doc_id" integer NOT NULL,
	"doc_no" text NOT NULL,
	"doc_line_id" integer,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_locks_qty_pos" CHECK ("stock_locks"."qty" > 0)
);
--> statement-breakpoint
CREATE TABLE "stock_moves" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"batch_no" text DEFAULT '' NOT NULL,
	"qty" numeric(16, 2) NOT NULL,
	"unit_cost" numeric(18, 4) NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"balance_after" numeric(16, 2) NOT NULL,
	"product_qty_after" numeric(16, 2) NOT NULL,
	"avg_cost_after" numeric(18, 4) NOT NULL,
	"biz_type" text NOT NULL,
	"doc_type" text NOT NULL,
	"doc_id" integer,
	"doc_no" text DEFAULT '' NOT NULL,
	"doc_line_id" integer,
	"source" smallint DEFAULT 0 NOT NULL,
	"reverses_move_id" bigint,
	"user_id" integer,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warehouses" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"name_sort" text,
	"code" text,
	"contact_name" text,
	"phone" text,
	"address" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"remark" text,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"line_no" smallint NOT NULL,
	"remark" text,
	"order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"qty" numeric(16, 2) NOT NULL,
	"price" numeric(16, 2) NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"received_qty" numeric(16, 2) DEFAULT '0' NOT NULL,
	"putaway_qty" numeric(16, 2) DEFAULT '0' NOT NULL,
	"returned_qty" numeric(16, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_orders" (
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
	"payment_term" smallint,
	"expected_date" date,
	"buyer_id" integer,
	"total_qty" numeric(16, 2) DEFAULT '0' NOT NULL,
	"total_amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	"plan_id" integer
);
--> statement-breakpoint
CREATE TABLE "purchase_plan_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"line_no" smallint NOT NULL,
	"remark" text,
	"plan_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"partner_id" integer,
	"qty" numeric(16, 2) NOT NULL,
	"price" numeric(16, 2) DEFAULT '0' NOT NULL,
	"stock_qty" numeric(16, 2),
	"on_order_qty" numeric(16, 2),
	"min_qty" numeric(16, 2),
	"max_qty" numeric(16, 2),
	"purchase_order_id" integer
);
--> statement-breakpoint
CREATE TABLE "purchase_plans" (
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
	"warehouse_id" integer
);
--> statement-breakpoint
CREATE TABLE "purchase_return_order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"line_no" smallint NOT NULL,
	"remark" text,
	"return_order_id" integer NOT NULL,
	"purchase_order_line_id" integer,
	"product_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"batch_no" text DEFAULT '' NOT NULL,
	"qty" numeric(16, 2) NOT NULL,
	"price" numeric(16, 2) NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"unit_cost" numeric(18, 4),
	"reason_code" smallint
);
--> statement-breakpoint
CREATE TABLE "purchase_return_orders" (
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
	"purchase_order_id" integer,
	"total_qty" numeric(16, 2) DEFAULT '0' NOT NULL,
	"total_amount" numeric(16, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "putaway_order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"line_no" smallint NOT NULL,
	"remark" text,
	"putaway_order_id" integer NOT NULL,
	"receive_order_line_id" integer,
	"product_id" integer NOT NULL,
	"batch_no" text DEFAULT '' NOT NULL,
	"from_location_id" integer NOT NULL,
	"to_location_id" integer,
	"qty" numeric(16, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "putaway_orders" (
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
	"receive_order_id" integer,
	"purchase_order_id" integer,
	"warehouse_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receive_order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"line_no" smallint NOT NULL,
	"remark" text,
	"receive_order_id" integer NOT NULL,
	"purchase_order_line_id" integer,
	"product_id" integer NOT NULL,
	"expected_qty" numeric(16, 2) NOT NULL,
	"received_qty" numeric(16, 2) NOT NULL,
	"price" numeric(16, 2) NOT NULL,
	"reason_code" smallint,
	"batch_no" text DEFAULT '' NOT NULL,
	"putaway_qty" numeric(16, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receive_orders" (
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
	"purchase_order_id" integer,
	"partner_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"location_id" integer
);
--> statement-breakpoint
CREATE TABLE "inventory_order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"line_no" smallint NOT NULL,
	"remark" text,
	"inventory_order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"batch_no" text DEFAULT '' NOT NULL,
	"system_qty" numeric(16, 2),
	"counted_qty" numeric(16, 2),
	"counted_at" timestamp with time zone,
	"unit_cost" numeric(18, 4)
);
--> statement-breakpoint
CREATE TABLE "inventory_orders" (
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
	"warehouse_id" integer
);
--> statement-breakpoint
CREATE TABLE "move_order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"line_no" smallint NOT NULL,
	"remark" text,
	"move_order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"from_location_id" integer NOT NULL,
	"batch_no" text DEFAULT '' NOT NULL,
	"to_location_id" integer NOT NULL,
	"qty" numeric(16, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "move_orders" (
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
	"from_warehouse_id" integer,
	"to_warehouse_id" integer
);
--> statement-breakpoint
ALTER TABLE "business_code_rules" ADD CONSTRAINT "business_code_rules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "number_sequences" ADD CONSTRAINT "number_sequences_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_costs" ADD CONSTRAINT "product_costs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_costs" ADD CONSTRAINT "product_costs_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_locations" ADD CONSTRAINT "product_locations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_locations" ADD CONSTRAINT "product_locations_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_locations" ADD CONSTRAINT "product_locations_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_locations" ADD CONSTRAINT "product_locations_location_id_stock_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."stock_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safe_stocks" ADD CONSTRAINT "safe_stocks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safe_stocks" ADD CONSTRAINT "safe_stocks_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_balances" ADD CONSTRAINT "stock_balances_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_balances" ADD CONSTRAINT "stock_balances_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_balances" ADD CONSTRAINT "stock_balances_location_id_stock_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."stock_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_balances" ADD CONSTRAINT "stock_balances_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_locations" ADD CONSTRAINT "stock_locations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_locations" ADD CONSTRAINT "stock_locations_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_locks" ADD CONSTRAINT "stock_locks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_locks" ADD CONSTRAINT "stock_locks_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_locks" ADD CONSTRAINT "stock_locks_location_id_stock_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."stock_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_locks" ADD CONSTRAINT "stock_locks_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_locks" ADD CONSTRAINT "stock_locks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_moves" ADD CONSTRAINT "stock_moves_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_moves" ADD CONSTRAINT "stock_moves_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_moves" ADD CONSTRAINT "stock_moves_location_id_stock_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."stock_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_moves" ADD CONSTRAINT "stock_moves_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_moves" ADD CONSTRAINT "stock_moves_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_order_id_purchase_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_posted_by_users_id_fk" FOREIGN KEY ("posted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_partner_id_enterprise_relations_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."enterprise_relations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_plan_lines" ADD CONSTRAINT "purchase_plan_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_plan_lines" ADD CONSTRAINT "purchase_plan_lines_plan_id_purchase_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."purchase_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_plan_lines" ADD CONSTRAINT "purchase_plan_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_plan_lines" ADD CONSTRAINT "purchase_plan_lines_partner_id_enterprise_relations_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."enterprise_relations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_plan_lines" ADD CONSTRAINT "purchase_plan_lines_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_plans" ADD CONSTRAINT "purchase_plans_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_plans" ADD CONSTRAINT "purchase_plans_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_plans" ADD CONSTRAINT "purchase_plans_posted_by_users_id_fk" FOREIGN KEY ("posted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_plans" ADD CONSTRAINT "purchase_plans_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_return_order_lines" ADD CONSTRAINT "purchase_return_order_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_return_order_lines" ADD CONSTRAINT "purchase_return_order_lines_return_order_id_purchase_return_orders_id_fk" FOREIGN KEY ("return_order_id") REFERENCES "public"."purchase_return_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_return_order_lines" ADD CONSTRAINT "purchase_return_order_lines_purchase_order_line_id_purchase_order_lines_id_fk" FOREIGN KEY ("purchase_order_line_id") REFERENCES "public"."purchase_order_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_return_order_lines" ADD CONSTRAINT "purchase_return_order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_return_order_lines" ADD CONSTRAINT "purchase_return_order_lines_location_id_stock_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."stock_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_return_orders" ADD CONSTRAINT "purchase_return_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_return_orders" ADD CONSTRAINT "purchase_return_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_return_orders" ADD CONSTRAINT "purchase_return_orders_posted_by_users_id_fk" FOREIGN KEY ("posted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_return_orders" ADD CONSTRAINT "purchase_return_orders_partner_id_enterprise_relations_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."enterprise_relations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_return_orders" ADD CONSTRAINT "purchase_return_orders_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_return_orders" ADD CONSTRAINT "purchase_return_orders_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "putaway_order_lines" ADD CONSTRAINT "putaway_order_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "putaway_order_lines" ADD CONSTRAINT "putaway_order_lines_putaway_order_id_putaway_orders_id_fk" FOREIGN KEY ("putaway_order_id") REFERENCES "public"."putaway_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "putaway_order_lines" ADD CONSTRAINT "putaway_order_lines_receive_order_line_id_receive_order_lines_id_fk" FOREIGN KEY ("receive_order_line_id") REFERENCES "public"."receive_order_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "putaway_order_lines" ADD CONSTRAINT "putaway_order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "putaway_order_lines" ADD CONSTRAINT "putaway_order_lines_from_location_id_stock_locations_id_fk" FOREIGN KEY ("from_location_id") REFERENCES "public"."stock_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "putaway_order_lines" ADD CONSTRAINT "putaway_order_lines_to_location_id_stock_locations_id_fk" FOREIGN KEY ("to_location_id") REFERENCES "public"."stock_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "putaway_orders" ADD CONSTRAINT "putaway_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "putaway_orders" ADD CONSTRAINT "putaway_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "putaway_orders" ADD CONSTRAINT "putaway_orders_posted_by_users_id_fk" FOREIGN KEY ("posted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "putaway_orders" ADD CONSTRAINT "putaway_orders_receive_order_id_receive_orders_id_fk" FOREIGN KEY ("receive_order_id") REFERENCES "public"."receive_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "putaway_orders" ADD CONSTRAINT "putaway_orders_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "putaway_orders" ADD CONSTRAINT "putaway_orders_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receive_order_lines" ADD CONSTRAINT "receive_order_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receive_order_lines" ADD CONSTRAINT "receive_order_lines_receive_order_id_receive_orders_id_fk" FOREIGN KEY ("receive_order_id") REFERENCES "public"."receive_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receive_order_lines" ADD CONSTRAINT "receive_order_lines_purchase_order_line_id_purchase_order_lines_id_fk" FOREIGN KEY ("purchase_order_line_id") REFERENCES "public"."purchase_order_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receive_order_lines" ADD CONSTRAINT "receive_order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receive_orders" ADD CONSTRAINT "receive_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receive_orders" ADD CONSTRAINT "receive_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receive_orders" ADD CONSTRAINT "receive_orders_posted_by_users_id_fk" FOREIGN KEY ("posted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receive_orders" ADD CONSTRAINT "receive_orders_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receive_orders" ADD CONSTRAINT "receive_orders_partner_id_enterprise_relations_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."enterprise_relations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receive_orders" ADD CONSTRAINT "receive_orders_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receive_orders" ADD CONSTRAINT "receive_orders_location_id_stock_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."stock_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_order_lines" ADD CONSTRAINT "inventory_order_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_order_lines" ADD CONSTRAINT "inventory_order_lines_inventory_order_id_inventory_orders_id_fk" FOREIGN KEY ("inventory_order_id") REFERENCES "public"."inventory_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_order_lines" ADD CONSTRAINT "inventory_order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_order_lines" ADD CONSTRAINT "inventory_order_lines_location_id_stock_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."stock_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_orders" ADD CONSTRAINT "inventory_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_orders" ADD CONSTRAINT "inventory_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_orders" ADD CONSTRAINT "inventory_orders_posted_by_users_id_fk" FOREIGN KEY ("posted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_orders" ADD CONSTRAINT "inventory_orders_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "move_order_lines" ADD CONSTRAINT "move_order_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "move_order_lines" ADD CONSTRAINT "move_order_lines_move_order_id_move_orders_id_fk" FOREIGN KEY ("move_order_id") REFERENCES "public"."move_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "move_order_lines" ADD CONSTRAINT "move_order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "move_order_lines" ADD CONSTRAINT "move_order_lines_from_location_id_stock_locations_id_fk" FOREIGN KEY ("from_location_id") REFERENCES "public"."stock_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "move_order_lines" ADD CONSTRAINT "move_order_lines_to_location_id_stock_locations_id_fk" FOREIGN KEY ("to_location_id") REFERENCES "public"."stock_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "move_orders" ADD CONSTRAINT "move_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "move_orders" ADD CONSTRAINT "move_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "move_orders" ADD CONSTRAINT "move_orders_posted_by_users_id_fk" FOREIGN KEY ("posted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "move_orders" ADD CONSTRAINT "move_orders_from_warehouse_id_warehouses_id_fk" FOREIGN KEY ("from_warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "move_orders" ADD CONSTRAINT "move_orders_to_warehouse_id_warehouses_id_fk" FOREIGN KEY ("to_warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_locations_uq" ON "product_locations" USING btree ("company_id","product_id","warehouse_id");--> statement-breakpoint
CREATE INDEX "product_locations_company_id_idx" ON "product_locations" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "safe_stocks_uq" ON "safe_stocks" USING btree ("company_id","product_id");--> statement-breakpoint
CREATE INDEX "safe_stocks_company_id_idx" ON "safe_stocks" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_balances_key_uq" ON "stock_balances" USING btree ("company_id","product_id","location_id","batch_no");--> statement-breakpoint
CREATE INDEX "stock_balances_company_id_idx" ON "stock_balances" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "stock_balances_location_idx" ON "stock_balances" USING btree ("company_id","location_id","product_id");--> statement-breakpoint
CREATE INDEX "stock_balances_on_hand_idx" ON "stock_balances" USING btree ("company_id","id") WHERE "stock_balances"."qty" <> 0;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_locations_wh_code_uq" ON "stock_locations" USING btree ("warehouse_id",lower("code"));--> statement-breakpoint
CREATE INDEX "stock_locations_company_idx" ON "stock_locations" USING btree ("company_id","warehouse_id","kind");--> statement-breakpoint
CREATE INDEX "stock_locks_company_id_idx" ON "stock_locks" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "stock_locks_doc_idx" ON "stock_locks" USING btree ("company_id","doc_type","doc_id");--> statement-breakpoint
CREATE INDEX "stock_locks_key_idx" ON "stock_locks" USING btree ("company_id","product_id","location_id","batch_no");--> statement-breakpoint
CREATE INDEX "stock_moves_company_id_idx" ON "stock_moves" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "stock_moves_product_idx" ON "stock_moves" USING btree ("company_id","product_id","id");--> statement-breakpoint
CREATE INDEX "stock_moves_doc_idx" ON "stock_moves" USING btree ("company_id","doc_type","doc_id");--> statement-breakpoint
CREATE INDEX "stock_moves_location_idx" ON "stock_moves" USING btree ("company_id","location_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_moves_reverses_uq" ON "stock_moves" USING btree ("reverses_move_id");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouses_company_name_uq" ON "warehouses" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "warehouses_one_default_uq" ON "warehouses" USING btree ("company_id") WHERE "warehouses"."is_default";--> statement-breakpoint
CREATE INDEX "purchase_order_lines_order_idx" ON "purchase_order_lines" USING btree ("order_id","line_no");--> statement-breakpoint
CREATE INDEX "purchase_order_lines_product_idx" ON "purchase_order_lines" USING btree ("company_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_orders_no_uq" ON "purchase_orders" USING btree ("company_id","no");--> statement-breakpoint
CREATE INDEX "purchase_orders_company_id_idx" ON "purchase_orders" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "purchase_orders_company_status_idx" ON "purchase_orders" USING btree ("company_id","status","id");--> statement-breakpoint
CREATE INDEX "purchase_orders_partner_idx" ON "purchase_orders" USING btree ("company_id","partner_id","id");--> statement-breakpoint
CREATE INDEX "purchase_plan_lines_doc_idx" ON "purchase_plan_lines" USING btree ("plan_id","line_no");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_plans_no_uq" ON "purchase_plans" USING btree ("company_id","no");--> statement-breakpoint
CREATE INDEX "purchase_plans_company_id_idx" ON "purchase_plans" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "purchase_return_order_lines_doc_idx" ON "purchase_return_order_lines" USING btree ("return_order_id","line_no");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_return_orders_no_uq" ON "purchase_return_orders" USING btree ("company_id","no");--> statement-breakpoint
CREATE INDEX "purchase_return_orders_company_id_idx" ON "purchase_return_orders" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "purchase_return_orders_company_status_idx" ON "purchase_return_orders" USING btree ("company_id","status","id");--> statement-breakpoint
CREATE INDEX "putaway_order_lines_doc_idx" ON "putaway_order_lines" USING btree ("putaway_order_id","line_no");--> statement-breakpoint
CREATE UNIQUE INDEX "putaway_orders_no_uq" ON "putaway_orders" USING btree ("company_id","no");--> statement-breakpoint
CREATE INDEX "putaway_orders_company_id_idx" ON "putaway_orders" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "receive_order_lines_doc_idx" ON "receive_order_lines" USING btree ("receive_order_id","line_no");--> statement-breakpoint
CREATE UNIQUE INDEX "receive_orders_no_uq" ON "receive_orders" USING btree ("company_id","no");--> statement-breakpoint
CREATE INDEX "receive_orders_company_id_idx" ON "receive_orders" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "receive_orders_order_idx" ON "receive_orders" USING btree ("company_id","purchase_order_id");--> statement-breakpoint
CREATE INDEX "inventory_order_lines_doc_idx" ON "inventory_order_lines" USING btree ("inventory_order_id","line_no");--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_orders_no_uq" ON "inventory_orders" USING btree ("company_id","no");--> statement-breakpoint
CREATE INDEX "inventory_orders_company_id_idx" ON "inventory_orders" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "move_order_lines_doc_idx" ON "move_order_lines" USING btree ("move_order_id","line_no");--> statement-breakpoint
CREATE UNIQUE INDEX "move_orders_no_uq" ON "move_orders" USING btree ("company_id","no");--> statement-breakpoint
CREATE INDEX "move_orders_company_id_idx" ON "move_orders" USING btree ("company_id","id");