-- Pinyin sort keys (server/lib/sort-key.ts): plain ASCII keys compared byte by byte, so COLLATE "C"
-- gives one order on every PostgreSQL and on PGlite. Existing rows are filled at start-up
-- (fillSortKeys, under the start-up lock): pinyin is computed in JavaScript, not in SQL.
DROP INDEX "product_templates_name_idx";--> statement-breakpoint
DROP INDEX "products_company_name_idx";--> statement-breakpoint
ALTER TABLE "product_brands" ADD COLUMN "name_sort" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "vehicle_groups" ADD COLUMN "name_sort" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "vehicle_makes" ADD COLUMN "name_sort" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "vehicle_mfrs" ADD COLUMN "name_sort" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "vehicle_models" ADD COLUMN "name_sort" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "name_sort" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "oe_numbers" ADD COLUMN "name_sort" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "producing_areas" ADD COLUMN "name_sort" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "product_categories" ADD COLUMN "name_sort" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "product_positions" ADD COLUMN "name_sort" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "product_qualities" ADD COLUMN "name_sort" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "product_specifications" ADD COLUMN "name_sort" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "product_units" ADD COLUMN "name_sort" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "product_templates" ADD COLUMN "name_sort" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "name_sort" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "bank_name_sort" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "company_addresses" ADD COLUMN "city_sort" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "departments" ADD COLUMN "name_sort" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "name_sort" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "enterprise_relations" ADD COLUMN "name_sort" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "insurance_companies" ADD COLUMN "name_sort" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "positions" ADD COLUMN "name_sort" text COLLATE "C";--> statement-breakpoint
CREATE INDEX "product_templates_name_sort_idx" ON "product_templates" USING btree ("name_sort","id");--> statement-breakpoint
CREATE INDEX "products_company_name_sort_idx" ON "products" USING btree ("company_id","name_sort","id");--> statement-breakpoint
-- Trigram indexes, with the operator class named in whatever schema holds pg_trgm.
DO $$
DECLARE s text;
BEGIN
  SELECT n.nspname INTO s FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm';
  EXECUTE format('CREATE INDEX IF NOT EXISTS oe_numbers_norm_trgm_idx ON oe_numbers USING gin (oe_norm %I.gin_trgm_ops)', s);
  EXECUTE format('CREATE INDEX IF NOT EXISTS product_oes_norm_trgm_idx ON product_oes USING gin (oe_norm %I.gin_trgm_ops)', s);
  EXECUTE format('CREATE INDEX IF NOT EXISTS product_template_oes_norm_trgm_idx ON product_template_oes USING gin (oe_norm %I.gin_trgm_ops)', s);
END $$;
