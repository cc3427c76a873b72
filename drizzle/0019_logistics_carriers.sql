CREATE TABLE "logistics_carriers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_sort" text,
	"code" text,
	"service_phone" text,
	"website" text,
	"tracking_url" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "logistics_carriers_name_uq" ON "logistics_carriers" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "logistics_carriers_code_uq" ON "logistics_carriers" USING btree ("code");