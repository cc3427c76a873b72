CREATE TABLE "admin_areas" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_sort" text,
	"parent_code" text,
	"level" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banks" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text,
	"name" text NOT NULL,
	"name_sort" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_area_regions" (
	"business_area_id" integer NOT NULL,
	"area_code" text NOT NULL,
	CONSTRAINT "business_area_regions_business_area_id_area_code_pk" PRIMARY KEY("business_area_id","area_code")
);
--> statement-breakpoint
CREATE TABLE "business_areas" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"name_sort" text,
	"code" text,
	"description" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dict_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"type_id" integer NOT NULL,
	"value" text NOT NULL,
	"label" text NOT NULL,
	"description" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dict_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"is_builtin" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dict_types_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "scheduled_jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"interval_seconds" integer NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"is_running" boolean DEFAULT false NOT NULL,
	"next_run_at" timestamp with time zone,
	"last_started_at" timestamp with time zone,
	"last_finished_at" timestamp with time zone,
	"last_result" text,
	"last_error" text,
	"run_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "business_area_regions" ADD CONSTRAINT "business_area_regions_business_area_id_business_areas_id_fk" FOREIGN KEY ("business_area_id") REFERENCES "public"."business_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_area_regions" ADD CONSTRAINT "business_area_regions_area_code_admin_areas_code_fk" FOREIGN KEY ("area_code") REFERENCES "public"."admin_areas"("code") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_areas" ADD CONSTRAINT "business_areas_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dict_items" ADD CONSTRAINT "dict_items_type_id_dict_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."dict_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_areas_parent_idx" ON "admin_areas" USING btree ("parent_code","code");--> statement-breakpoint
CREATE INDEX "admin_areas_name_idx" ON "admin_areas" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "banks_name_uq" ON "banks" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "banks_code_uq" ON "banks" USING btree ("code");--> statement-breakpoint
CREATE INDEX "business_area_regions_area_idx" ON "business_area_regions" USING btree ("area_code");--> statement-breakpoint
CREATE UNIQUE INDEX "business_areas_company_name_uq" ON "business_areas" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "dict_items_type_value_uq" ON "dict_items" USING btree ("type_id","value");