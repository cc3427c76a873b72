-- 库存流水's 单号 filter finds a document's ledger lines by any part of its number through a
-- trigram index (a million lines otherwise read backwards until 50 match); the operator class
-- named in whatever schema holds pg_trgm, as in 0009 and 0023.
DO $$
DECLARE s text;
BEGIN
  SELECT n.nspname INTO s FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm';
  EXECUTE format('CREATE INDEX IF NOT EXISTS stock_moves_doc_no_trgm_idx ON stock_moves USING gin (doc_no %I.gin_trgm_ops)', s);
END $$;
