CREATE TABLE "vehicle_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_makes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text,
	"initial" text,
	"group_id" integer,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_mfrs" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"make_id" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_models" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"make_id" integer NOT NULL,
	"mfr_id" integer,
	"year_from" smallint,
	"year_to" smallint,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"model_id" integer NOT NULL,
	"year" smallint,
	"engine" text,
	"transmission" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oe_numbers" (
	"id" serial PRIMARY KEY NOT NULL,
	"oe" text NOT NULL,
	"oe_norm" text NOT NULL,
	"name" text NOT NULL,
	"brand_id" integer,
	"make_id" integer,
	"description" text,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "producing_areas" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"parent_id" integer,
	"level" smallint DEFAULT 0 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_positions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_qualities" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"grade" smallint,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_specifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"spec_type" text NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_units" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_oes" (
	"product_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"oe_norm" text NOT NULL,
	"kind" smallint NOT NULL,
	CONSTRAINT "product_oes_product_id_oe_norm_pk" PRIMARY KEY("product_id","oe_norm")
);
--> statement-breakpoint
CREATE TABLE "product_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"main_oe" text NOT NULL,
	"oe_norm" text NOT NULL,
	"name" text NOT NULL,
	"alias_name" text,
	"default_std_oe" text,
	"replace_oe" text,
	"car_group_id" integer,
	"make_id" integer,
	"vehicles" text,
	"position_id" integer,
	"quality_id" integer,
	"brand_id" integer,
	"category_level0_id" integer,
	"category_level1_id" integer,
	"specification_string" text,
	"producing_area_id" integer,
	"unit_id" integer,
	"purchase_unit_id" integer,
	"package_type_string" text,
	"min_order_count" integer DEFAULT 1 NOT NULL,
	"order_cycle" integer,
	"m_code" text,
	"volum" numeric(14, 2),
	"weight" numeric(14, 2),
	"initial" text,
	"pin_yin" text,
	"description" text,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"main_oe" text NOT NULL,
	"oe_norm" text NOT NULL,
	"name" text NOT NULL,
	"alias_name" text,
	"default_std_oe" text,
	"replace_oe" text,
	"car_group_id" integer,
	"make_id" integer,
	"vehicles" text,
	"position_id" integer,
	"quality_id" integer,
	"brand_id" integer,
	"category_level0_id" integer,
	"category_level1_id" integer,
	"specification_string" text,
	"producing_area_id" integer,
	"unit_id" integer,
	"purchase_unit_id" integer,
	"package_type_string" text,
	"min_order_count" integer DEFAULT 1 NOT NULL,
	"order_cycle" integer,
	"m_code" text,
	"volum" numeric(14, 2),
	"weight" numeric(14, 2),
	"initial" text,
	"pin_yin" text,
	"description" text,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"company_id" integer NOT NULL,
	"product_template_lib_id" integer,
	"price_sale" numeric(14, 2),
	"price_cost" numeric(14, 2)
);
--> statement-breakpoint
CREATE TABLE "table_row_counts" (
	"table_name" text NOT NULL,
	"company_id" integer NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "table_row_counts_table_name_company_id_pk" PRIMARY KEY("table_name","company_id")
);
--> statement-breakpoint
CREATE TABLE "bank_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"bank_name" text NOT NULL,
	"account_name" text NOT NULL,
	"account_number" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"remark" text,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"contact_name" text NOT NULL,
	"phone" text NOT NULL,
	"province" text,
	"city" text,
	"district" text,
	"address" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "departments" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"code" text,
	"parent_id" integer,
	"manager_name" text,
	"phone" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employees" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"code" text,
	"phone" text,
	"gender" smallint,
	"department_id" integer,
	"position_id" integer,
	"user_id" integer,
	"hire_date" date,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enterprise_relations" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"rel" smallint NOT NULL,
	"name" text NOT NULL,
	"tar_company_short_name" text,
	"tar_company_id" integer,
	"contact_name" text,
	"contact_phone" text,
	"address" text,
	"payment_term" integer,
	"credit_limit" numeric(14, 2),
	"salesman_id" integer,
	"remark" text,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insurance_companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"contact_name" text,
	"phone" text,
	"remark" text,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "positions" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"code" text,
	"description" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "contact_name" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "tax_number" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "vehicle_makes" ADD CONSTRAINT "vehicle_makes_group_id_vehicle_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."vehicle_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_mfrs" ADD CONSTRAINT "vehicle_mfrs_make_id_vehicle_makes_id_fk" FOREIGN KEY ("make_id") REFERENCES "public"."vehicle_makes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_models" ADD CONSTRAINT "vehicle_models_make_id_vehicle_makes_id_fk" FOREIGN KEY ("make_id") REFERENCES "public"."vehicle_makes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_models" ADD CONSTRAINT "vehicle_models_mfr_id_vehicle_mfrs_id_fk" FOREIGN KEY ("mfr_id") REFERENCES "public"."vehicle_mfrs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_model_id_vehicle_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."vehicle_models"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oe_numbers" ADD CONSTRAINT "oe_numbers_brand_id_product_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."product_brands"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oe_numbers" ADD CONSTRAINT "oe_numbers_make_id_vehicle_makes_id_fk" FOREIGN KEY ("make_id") REFERENCES "public"."vehicle_makes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_parent_id_product_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."product_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_oes" ADD CONSTRAINT "product_oes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_templates" ADD CONSTRAINT "product_templates_car_group_id_vehicle_groups_id_fk" FOREIGN KEY ("car_group_id") REFERENCES "public"."vehicle_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_templates" ADD CONSTRAINT "product_templates_make_id_vehicle_makes_id_fk" FOREIGN KEY ("make_id") REFERENCES "public"."vehicle_makes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_templates" ADD CONSTRAINT "product_templates_position_id_product_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."product_positions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_templates" ADD CONSTRAINT "product_templates_quality_id_product_qualities_id_fk" FOREIGN KEY ("quality_id") REFERENCES "public"."product_qualities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_templates" ADD CONSTRAINT "product_templates_brand_id_product_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."product_brands"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_templates" ADD CONSTRAINT "product_templates_category_level0_id_product_categories_id_fk" FOREIGN KEY ("category_level0_id") REFERENCES "public"."product_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_templates" ADD CONSTRAINT "product_templates_category_level1_id_product_categories_id_fk" FOREIGN KEY ("category_level1_id") REFERENCES "public"."product_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_templates" ADD CONSTRAINT "product_templates_producing_area_id_producing_areas_id_fk" FOREIGN KEY ("producing_area_id") REFERENCES "public"."producing_areas"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_templates" ADD CONSTRAINT "product_templates_unit_id_product_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."product_units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_templates" ADD CONSTRAINT "product_templates_purchase_unit_id_product_units_id_fk" FOREIGN KEY ("purchase_unit_id") REFERENCES "public"."product_units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_car_group_id_vehicle_groups_id_fk" FOREIGN KEY ("car_group_id") REFERENCES "public"."vehicle_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_make_id_vehicle_makes_id_fk" FOREIGN KEY ("make_id") REFERENCES "public"."vehicle_makes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_position_id_product_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."product_positions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_quality_id_product_qualities_id_fk" FOREIGN KEY ("quality_id") REFERENCES "public"."product_qualities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_brand_id_product_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."product_brands"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_level0_id_product_categories_id_fk" FOREIGN KEY ("category_level0_id") REFERENCES "public"."product_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_level1_id_product_categories_id_fk" FOREIGN KEY ("category_level1_id") REFERENCES "public"."product_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_producing_area_id_producing_areas_id_fk" FOREIGN KEY ("producing_area_id") REFERENCES "public"."producing_areas"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_unit_id_product_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."product_units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_purchase_unit_id_product_units_id_fk" FOREIGN KEY ("purchase_unit_id") REFERENCES "public"."product_units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_product_template_lib_id_product_templates_id_fk" FOREIGN KEY ("product_template_lib_id") REFERENCES "public"."product_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_addresses" ADD CONSTRAINT "company_addresses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_parent_id_departments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."departments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_position_id_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enterprise_relations" ADD CONSTRAINT "enterprise_relations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enterprise_relations" ADD CONSTRAINT "enterprise_relations_tar_company_id_companies_id_fk" FOREIGN KEY ("tar_company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enterprise_relations" ADD CONSTRAINT "enterprise_relations_salesman_id_employees_id_fk" FOREIGN KEY ("salesman_id") REFERENCES "public"."employees"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_companies" ADD CONSTRAINT "insurance_companies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_groups_name_lower_uq" ON "vehicle_groups" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_makes_name_lower_uq" ON "vehicle_makes" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "vehicle_makes_group_idx" ON "vehicle_makes" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_mfrs_name_lower_uq" ON "vehicle_mfrs" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "vehicle_mfrs_make_idx" ON "vehicle_mfrs" USING btree ("make_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_models_make_name_uq" ON "vehicle_models" USING btree ("make_id",lower("name"));--> statement-breakpoint
CREATE INDEX "vehicle_models_mfr_idx" ON "vehicle_models" USING btree ("mfr_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_model_name_uq" ON "vehicles" USING btree ("model_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "oe_numbers_norm_uq" ON "oe_numbers" USING btree ("oe_norm");--> statement-breakpoint
CREATE INDEX "oe_numbers_norm_prefix_idx" ON "oe_numbers" USING btree ("oe_norm" text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "producing_areas_name_lower_uq" ON "producing_areas" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "product_categories_parent_name_uq" ON "product_categories" USING btree (coalesce("parent_id", 0),lower("name"));--> statement-breakpoint
CREATE INDEX "product_categories_parent_idx" ON "product_categories" USING btree ("parent_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "product_positions_name_lower_uq" ON "product_positions" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "product_qualities_name_lower_uq" ON "product_qualities" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "product_specifications_type_name_uq" ON "product_specifications" USING btree (lower("spec_type"),lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "product_units_name_lower_uq" ON "product_units" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "product_oes_company_norm_idx" ON "product_oes" USING btree ("company_id","oe_norm" text_pattern_ops,"product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_templates_oe_norm_uq" ON "product_templates" USING btree ("oe_norm");--> statement-breakpoint
CREATE INDEX "product_templates_oe_norm_prefix_idx" ON "product_templates" USING btree ("oe_norm" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "product_templates_name_idx" ON "product_templates" USING btree ("name","id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_company_oe_norm_uq" ON "products" USING btree ("company_id","oe_norm");--> statement-breakpoint
CREATE INDEX "products_company_id_idx" ON "products" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "products_company_name_idx" ON "products" USING btree ("company_id","name","id");--> statement-breakpoint
CREATE INDEX "products_company_price_idx" ON "products" USING btree ("company_id","price_sale","id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_company_number_uq" ON "bank_accounts" USING btree ("company_id","account_number");--> statement-breakpoint
CREATE INDEX "company_addresses_company_idx" ON "company_addresses" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "departments_company_name_uq" ON "departments" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "employees_company_code_uq" ON "employees" USING btree ("company_id","code");--> statement-breakpoint
CREATE INDEX "employees_company_name_idx" ON "employees" USING btree ("company_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "enterprise_relations_company_rel_name_uq" ON "enterprise_relations" USING btree ("company_id","rel",lower("name"));--> statement-breakpoint
CREATE INDEX "enterprise_relations_company_rel_idx" ON "enterprise_relations" USING btree ("company_id","rel","id");--> statement-breakpoint
CREATE UNIQUE INDEX "insurance_companies_company_name_uq" ON "insurance_companies" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "positions_company_name_uq" ON "positions" USING btree ("company_id",lower("name"));