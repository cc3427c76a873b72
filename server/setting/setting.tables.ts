import { integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * Settings as name/value text (spec 000 §3 "Setting values arrive as text").
 * scope global: ownerId 0; company: ownerId = company id; user: ownerId = user id.
 */
export const settings = pgTable(
  "settings",
  {
    id: serial("id").primaryKey(),
    scope: text("scope", { enum: ["global", "company", "user"] }).notNull(),
    ownerId: integer("owner_id").notNull(),
    name: text("name").notNull(),
    value: text("value").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("settings_owner_name_uq").on(t.scope, t.ownerId, t.name)],
);
