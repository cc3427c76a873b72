-- Row counts per company for the big tables (products, product_templates), kept by
-- statement-level triggers so bulk inserts update the counter once per statement.
CREATE FUNCTION count_rows_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO table_row_counts AS c (table_name, company_id, n)
    SELECT TG_TABLE_NAME, company_id, count(*) FROM new_rows GROUP BY company_id
  ON CONFLICT (table_name, company_id) DO UPDATE SET n = c.n + EXCLUDED.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION count_rows_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE table_row_counts c SET n = c.n - d.k
    FROM (SELECT company_id, count(*) AS k FROM old_rows GROUP BY company_id) d
   WHERE c.table_name = TG_TABLE_NAME AND c.company_id = d.company_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_count_insert AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_rows_insert();
--> statement-breakpoint
CREATE TRIGGER products_count_delete AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_rows_delete();
--> statement-breakpoint
CREATE FUNCTION count_template_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE k bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO k FROM new_rows;
  ELSE
    SELECT -count(*) INTO k FROM old_rows;
  END IF;
  INSERT INTO table_row_counts AS c (table_name, company_id, n) VALUES (TG_TABLE_NAME, 0, k)
  ON CONFLICT (table_name, company_id) DO UPDATE SET n = c.n + EXCLUDED.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_templates_count_insert AFTER INSERT ON product_templates REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_template_rows();
--> statement-breakpoint
CREATE TRIGGER product_templates_count_delete AFTER DELETE ON product_templates REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_template_rows();
