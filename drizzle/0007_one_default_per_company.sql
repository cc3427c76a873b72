-- Databases written before this migration may hold several defaults per company (concurrent
-- writes raced): keep the newest one as the default so the unique indexes can be built.
UPDATE "bank_accounts" AS a SET "is_default" = false WHERE a."is_default" AND EXISTS (SELECT 1 FROM "bank_accounts" AS b WHERE b."company_id" = a."company_id" AND b."is_default" AND b."id" > a."id");--> statement-breakpoint
UPDATE "company_addresses" AS a SET "is_default" = false WHERE a."is_default" AND EXISTS (SELECT 1 FROM "company_addresses" AS b WHERE b."company_id" = a."company_id" AND b."is_default" AND b."id" > a."id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_one_default_uq" ON "bank_accounts" USING btree ("company_id") WHERE is_default;--> statement-breakpoint
CREATE UNIQUE INDEX "company_addresses_one_default_uq" ON "company_addresses" USING btree ("company_id") WHERE is_default;
