-- Trigram matching for "any part of a code" searches (issue 7 item 20): LIKE '%905320%' on the
-- normalised code columns uses GIN indexes with gin_trgm_ops (created in the next migration).
-- In schema public, once per database: the app's tables may live in another schema (tests use
-- one per file and drop it), and the extension must outlive them. PGlite loads it from
-- @electric-sql/pglite/contrib/pg_trgm (server/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;
