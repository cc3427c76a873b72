import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex, type AnyPgColumn } from "drizzle-orm/pg-core";
import { sortKeyColumn } from "../lib/sort-key";
import { productBrands } from "./brand.tables";
import { vehicleMakes } from "../vehicle/vehicle.tables";

/**
 * Platform-wide product dictionaries, kept by the platform operator and read by every company
 * (spec 000 §2 /system/product/*). Names are unique case-insensitively.
 */
const created = () => timestamp("creation_time", { withTimezone: true }).notNull().defaultNow();

/** Two-level category tree: level 0 (滤清器) → level 1 (机油滤清器). */
export const productCategories = pgTable(
  "product_categories",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    nameSort: sortKeyColumn("name_sort"),
    parentId: integer("parent_id").references((): AnyPgColumn => productCategories.id, { onDelete: "restrict" }),
    level: smallint("level").notNull().default(0),
    sortOrder: integer("sort_order").notNull().default(0),
    isEnabled: boolean("is_enabled").notNull().default(true),
    creationTime: created(),
  },
  (t) => [
    uniqueIndex("product_categories_parent_name_uq").on(sql`coalesce(${t.parentId}, 0)`, sql`lower(${t.name})`),
    index("product_categories_parent_idx").on(t.parentId, t.sortOrder),
  ],
);

function dictionary<N extends string>(name: N) {
  return pgTable(
    name,
    {
      id: serial("id").primaryKey(),
      name: text("name").notNull(),
      nameSort: sortKeyColumn("name_sort"),
      sortOrder: integer("sort_order").notNull().default(0),
      isEnabled: boolean("is_enabled").notNull().default(true),
      creationTime: created(),
    },
    (t) => [uniqueIndex(`${name}_name_lower_uq`).on(sql`lower(${t.name})`)],
  );
}

/** Mounting positions (前, 后, 左前 …). */
export const productPositions = dictionary("product_positions");
/** Units (个, 套, 箱 …). */
export const productUnits = dictionary("product_units");
/** Producing areas (德国, 日本, 国产 …). */
export const producingAreas = dictionary("producing_areas");

/** Qualities; `grade` is the §9 quality grade (1 A, 2 B, 3 C) when the quality is a used-part grade. */
export const productQualities = pgTable(
  "product_qualities",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    nameSort: sortKeyColumn("name_sort"),
    grade: smallint("grade"),
    sortOrder: integer("sort_order").notNull().default(0),
    isEnabled: boolean("is_enabled").notNull().default(true),
    creationTime: created(),
  },
  (t) => [uniqueIndex("product_qualities_name_lower_uq").on(sql`lower(${t.name})`)],
);

/** Specification values grouped by type (尺寸: 205/55R16 …). */
export const productSpecifications = pgTable(
  "product_specifications",
  {
    id: serial("id").primaryKey(),
    specType: text("spec_type").notNull(),
    name: text("name").notNull(),
    nameSort: sortKeyColumn("name_sort"),
    sortOrder: integer("sort_order").notNull().default(0),
    creationTime: created(),
  },
  (t) => [uniqueIndex("product_specifications_type_name_uq").on(sql`lower(${t.specType})`, sql`lower(${t.name})`)],
);

/** The platform's OE number dictionary; `oeNorm` is upper case letters and digits only. */
export const oeNumbers = pgTable(
  "oe_numbers",
  {
    id: serial("id").primaryKey(),
    oe: text("oe").notNull(),
    oeNorm: text("oe_norm").notNull(),
    name: text("name").notNull(),
    nameSort: sortKeyColumn("name_sort"),
    brandId: integer("brand_id").references(() => productBrands.id, { onDelete: "restrict" }),
    makeId: integer("make_id").references(() => vehicleMakes.id, { onDelete: "restrict" }),
    description: text("description"),
    creationTime: created(),
  },
  (t) => [
    uniqueIndex("oe_numbers_norm_uq").on(t.oeNorm),
    index("oe_numbers_norm_prefix_idx").on(t.oeNorm.op("text_pattern_ops")),
    index("oe_numbers_norm_trgm_idx").using("gin", t.oeNorm.op("gin_trgm_ops")),
  ],
);
