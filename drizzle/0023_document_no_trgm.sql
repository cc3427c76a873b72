-- Document numbers (and delivery tracking numbers) found by any part, through trigram indexes
-- (server/lib/doc-search.ts); the operator class named in whatever schema holds pg_trgm, as in 0009.
DO $$
DECLARE s text;
BEGIN
  SELECT n.nspname INTO s FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm';
  EXECUTE format('CREATE INDEX IF NOT EXISTS purchase_orders_no_trgm_idx ON purchase_orders USING gin (no %I.gin_trgm_ops)', s);
  EXECUTE format('CREATE INDEX IF NOT EXISTS purchase_return_orders_no_trgm_idx ON purchase_return_orders USING gin (no %I.gin_trgm_ops)', s);
  EXECUTE format('CREATE INDEX IF NOT EXISTS putaway_orders_no_trgm_idx ON putaway_orders USING gin (no %I.gin_trgm_ops)', s);
  EXECUTE format('CREATE INDEX IF NOT EXISTS receive_orders_no_trgm_idx ON receive_orders USING gin (no %I.gin_trgm_ops)', s);
  EXECUTE format('CREATE INDEX IF NOT EXISTS deliver_orders_no_trgm_idx ON deliver_orders USING gin (no %I.gin_trgm_ops)', s);
  EXECUTE format('CREATE INDEX IF NOT EXISTS deliver_orders_tracking_no_trgm_idx ON deliver_orders USING gin (tracking_no %I.gin_trgm_ops)', s);
  EXECUTE format('CREATE INDEX IF NOT EXISTS picking_orders_no_trgm_idx ON picking_orders USING gin (no %I.gin_trgm_ops)', s);
  EXECUTE format('CREATE INDEX IF NOT EXISTS sales_orders_no_trgm_idx ON sales_orders USING gin (no %I.gin_trgm_ops)', s);
  EXECUTE format('CREATE INDEX IF NOT EXISTS sales_return_orders_no_trgm_idx ON sales_return_orders USING gin (no %I.gin_trgm_ops)', s);
  EXECUTE format('CREATE INDEX IF NOT EXISTS partner_payments_no_trgm_idx ON partner_payments USING gin (no %I.gin_trgm_ops)', s);
END $$;
