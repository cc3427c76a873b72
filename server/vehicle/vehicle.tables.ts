import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { sortKeyColumn } from "../lib/sort-key";

/** Platform-wide vehicle master data: group → make → manufacturer → model → vehicle. */
const created = () => timestamp("creation_time", { withTimezone: true }).notNull().defaultNow();

/** Vehicle groups (德系, 日系 …); only groups with a code are offered in pickers (spec 001 §7). */
export const vehicleGroups = pgTable(
  "vehicle_groups",
  {
    id: serial("id").primaryKey(),
    code: text("code"),
    name: text("name").notNull(),
    nameSort: sortKeyColumn("name_sort"),
    sortOrder: integer("sort_order").notNull().default(0),
    creationTime: created(),
  },
  (t) => [uniqueIndex("vehicle_groups_name_lower_uq").on(sql`lower(${t.name})`)],
);

/** Car brands (大众, 丰田 …). */
export const vehicleMakes = pgTable(
  "vehicle_makes",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    nameSort: sortKeyColumn("name_sort"),
    code: text("code"),
    initial: text("initial"),
    groupId: integer("group_id").references(() => vehicleGroups.id, { onDelete: "restrict" }),
    sortOrder: integer("sort_order").notNull().default(0),
    creationTime: created(),
  },
  (t) => [uniqueIndex("vehicle_makes_name_lower_uq").on(sql`lower(${t.name})`), index("vehicle_makes_group_idx").on(t.groupId)],
);

/** Manufacturers (一汽-大众, 上汽大众 …) of a make. */
export const vehicleMfrs = pgTable(
  "vehicle_mfrs",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    nameSort: sortKeyColumn("name_sort"),
    makeId: integer("make_id")
      .notNull()
      .references(() => vehicleMakes.id, { onDelete: "restrict" }),
    sortOrder: integer("sort_order").notNull().default(0),
    creationTime: created(),
  },
  (t) => [uniqueIndex("vehicle_mfrs_name_lower_uq").on(sql`lower(${t.name})`), index("vehicle_mfrs_make_idx").on(t.makeId)],
);

/** Models (速腾, 卡罗拉 …). */
export const vehicleModels = pgTable(
  "vehicle_models",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    nameSort: sortKeyColumn("name_sort"),
    makeId: integer("make_id")
      .notNull()
      .references(() => vehicleMakes.id, { onDelete: "restrict" }),
    mfrId: integer("mfr_id").references(() => vehicleMfrs.id, { onDelete: "restrict" }),
    yearFrom: smallint("year_from"),
    yearTo: smallint("year_to"),
    sortOrder: integer("sort_order").notNull().default(0),
    creationTime: created(),
  },
  (t) => [uniqueIndex("vehicle_models_make_name_uq").on(t.makeId, sql`lower(${t.name})`), index("vehicle_models_mfr_idx").on(t.mfrId)],
);

/** Concrete vehicles (速腾 2019 1.4T 自动 …). */
export const vehicles = pgTable(
  "vehicles",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    nameSort: sortKeyColumn("name_sort"),
    modelId: integer("model_id")
      .notNull()
      .references(() => vehicleModels.id, { onDelete: "restrict" }),
    year: smallint("year"),
    engine: text("engine"),
    transmission: text("transmission"),
    sortOrder: integer("sort_order").notNull().default(0),
    creationTime: created(),
  },
  (t) => [uniqueIndex("vehicles_model_name_uq").on(t.modelId, sql`lower(${t.name})`)],
);
