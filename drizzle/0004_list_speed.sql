ALTER TABLE "table_row_counts" ADD COLUMN "version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "products_company_brand_idx" ON "products" USING btree ("company_id","brand_id","id");--> statement-breakpoint
CREATE INDEX "products_company_category0_idx" ON "products" USING btree ("company_id","category_level0_id","id");--> statement-breakpoint
-- Every insert or delete statement bumps the version: page anchors cached for an older version are not used.
CREATE OR REPLACE FUNCTION count_rows_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO table_row_counts AS c (table_name, company_id, n, version)
    SELECT TG_TABLE_NAME, company_id, count(*), 1 FROM new_rows GROUP BY company_id
  ON CONFLICT (table_name, company_id) DO UPDATE SET n = c.n + EXCLUDED.n, version = c.version + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION count_rows_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE table_row_counts c SET n = c.n - d.k, version = c.version + 1
    FROM (SELECT company_id, count(*) AS k FROM old_rows GROUP BY company_id) d
   WHERE c.table_name = TG_TABLE_NAME AND c.company_id = d.company_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION count_template_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE k bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO k FROM new_rows;
  ELSE
    SELECT -count(*) INTO k FROM old_rows;
  END IF;
  INSERT INTO table_row_counts AS c (table_name, company_id, n, version) VALUES (TG_TABLE_NAME, 0, k, 1)
  ON CONFLICT (table_name, company_id) DO UPDATE SET n = c.n + EXCLUDED.n, version = c.version + 1;
  RETURN NULL;
END $$;
