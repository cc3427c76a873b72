import { sql } from "drizzle-orm";
import { boolean, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { sortKeyColumn } from "../lib/sort-key";

/** Product brands (博世, 马勒 …): platform-wide master data, read by every company. */
export const productBrands = pgTable(
  "product_brands",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    nameSort: sortKeyColumn("name_sort"),
    code: text("code"),
    description: text("description"),
    sortOrder: integer("sort_order").notNull().default(0),
    isEnabled: boolean("is_enabled").notNull().default(true),
    creationTime: timestamp("creation_time", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("product_brands_name_lower_uq").on(sql`lower(${t.name})`)],
);
