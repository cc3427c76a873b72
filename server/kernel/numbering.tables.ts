import { integer, pgTable, primaryKey, smallint, text } from "drizzle-orm/pg-core";
import { companies } from "./identity.tables";

/**
 * Numbering rules per document type (/system/businessCode): prefix, date part, sequence length
 * and when the sequence restarts. A company without its own rule uses the built-in default.
 */
export const businessCodeRules = pgTable(
  "business_code_rules",
  {
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    docType: text("doc_type").notNull(),
    prefix: text("prefix").notNull(),
    /** Date part: "yyyyMMdd", "yyyyMM", "yyyy" or "" (none). */
    datePart: text("date_part").notNull().default("yyyyMMdd"),
    seqLength: smallint("seq_length").notNull().default(4),
    /** When the sequence restarts: "day", "month", "year" or "never". */
    reset: text("reset").notNull().default("day"),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.docType] })],
);

/** The next sequence value per company, document type and period, taken inside the document's transaction. */
export const numberSequences = pgTable(
  "number_sequences",
  {
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    docType: text("doc_type").notNull(),
    /** The period the value counts in ("20261124", "202611", "2026" or ""). */
    period: text("period").notNull(),
    nextValue: integer("next_value").notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.docType, t.period] })],
);
