import { integer, serial, smallint, text, timestamp } from "drizzle-orm/pg-core";
import { companies, users } from "../kernel/identity.tables";

/**
 * Columns every document header has (orders, notes, returns, transfers, stocktakes, plans):
 * its company, its number (unique per company and type, server/system/business-code.service.ts),
 * its status (spec 000 §4 dictionaries, transitions in the document's *.status.ts), who made it
 * and when. A posted document is never edited; its lines are replaced only while it is a draft.
 */
export function documentColumns() {
  return {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "restrict" }),
    no: text("no").notNull(),
    status: smallint("status").notNull().default(0),
    remark: text("remark"),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    creationTime: timestamp("creation_time", { withTimezone: true }).notNull().defaultNow(),
    /** Last status change or line edit. */
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the document was submitted / confirmed (posted), and by whom. */
    postedAt: timestamp("posted_at", { withTimezone: true }),
    postedBy: integer("posted_by").references(() => users.id, { onDelete: "set null" }),
  };
}

/** Columns every document line has. */
export function lineColumns() {
  return {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "restrict" }),
    lineNo: smallint("line_no").notNull(),
    remark: text("remark"),
  };
}
