import { boolean, index, integer, numeric, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, bigint } from "drizzle-orm/pg-core";
import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { sortKeyColumn } from "../lib/sort-key";
import { companies } from "../kernel/identity.tables";
import { productBrands } from "./brand.tables";
import { productCategories, productPositions, productQualities, productUnits, producingAreas } from "./catalog.tables";
import { vehicleGroups, vehicleMakes } from "../vehicle/vehicle.tables";

/**
 * The fields of spec 001 §3 "Product import form", shared by the public library (公库,
 * product templates) and each company's own products. `oeNorm` is the product code in upper
 * case letters and digits only: every spelling of one code finds the same row.
 */
function productColumns() {
  return {
    id: serial("id").primaryKey(),
    mainOE: text("main_oe").notNull(),
    oeNorm: text("oe_norm").notNull(),
    name: text("name").notNull(),
    nameSort: sortKeyColumn("name_sort"),
    aliasName: text("alias_name"),
    defaultStdOE: text("default_std_oe"),
    replaceOE: text("replace_oe"),
    carGroupId: integer("car_group_id").references(() => vehicleGroups.id, { onDelete: "restrict" }),
    makeId: integer("make_id").references(() => vehicleMakes.id, { onDelete: "restrict" }),
    vehicles: text("vehicles"),
    positionId: integer("position_id").references(() => productPositions.id, { onDelete: "restrict" }),
    qualityId: integer("quality_id").references(() => productQualities.id, { onDelete: "restrict" }),
    brandId: integer("brand_id").references(() => productBrands.id, { onDelete: "restrict" }),
    categoryLevel0Id: integer("category_level0_id").references(() => productCategories.id, { onDelete: "restrict" }),
    categoryLevel1Id: integer("category_level1_id").references(() => productCategories.id, { onDelete: "restrict" }),
    specificationString: text("specification_string"),
    producingAreaId: integer("producing_area_id").references(() => producingAreas.id, { onDelete: "restrict" }),
    unitId: integer("unit_id").references(() => productUnits.id, { onDelete: "restrict" }),
    purchaseUnitId: integer("purchase_unit_id").references(() => productUnits.id, { onDelete: "restrict" }),
    packageTypeString: text("package_type_string"),
    minOrderCount: integer("min_order_count").notNull().default(1),
    orderCycle: integer("order_cycle"),
    mCode: text("m_code"),
    volum: numeric("volum", { precision: 14, scale: 2 }),
    weight: numeric("weight", { precision: 14, scale: 2 }),
    initial: text("initial"),
    pinYin: text("pin_yin"),
    description: text("description"),
    isEnabled: boolean("is_enabled").notNull().default(true),
    creationTime: timestamp("creation_time", { withTimezone: true }).notNull().defaultNow(),
  };
}

/** The public product library (公库), kept by the platform operator. */
export const productTemplates = pgTable("product_templates", productColumns(), (t) => [
  uniqueIndex("product_templates_oe_norm_uq").on(t.oeNorm),
  index("product_templates_oe_norm_prefix_idx").on(t.oeNorm.op("text_pattern_ops")),
  // Name order is pinyin order (server/lib/sort-key.ts).
  index("product_templates_name_sort_idx").on(t.nameSort, t.id),
]);

/**
 * A barcode (条形码, mCode) in the normal form a scanner's or a clerk's spelling is compared in:
 * upper-case letters and digits only, as normalizeOE gives. The index below is on exactly this
 * expression, so a scan finds its product by index among a million.
 */
export const mCodeNormOf = (mCode: AnyColumn): SQL => sql`upper(regexp_replace(coalesce(${mCode}, ''), '[^A-Za-z0-9]', '', 'g'))`;

/** A company's own products ("my products"), with its sale and cost price (/product/priceSetting). */
export const products = pgTable(
  "products",
  {
    ...productColumns(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "restrict" }),
    productTemplateLibId: integer("product_template_lib_id").references(() => productTemplates.id, { onDelete: "set null" }),
    priceSale: numeric("price_sale", { precision: 14, scale: 2 }),
    priceCost: numeric("price_cost", { precision: 14, scale: 2 }),
  },
  (t) => [
    uniqueIndex("products_company_oe_norm_uq").on(t.companyId, t.oeNorm),
    index("products_company_id_idx").on(t.companyId, t.id),
    index("products_company_name_sort_idx").on(t.companyId, t.nameSort, t.id),
    index("products_company_price_idx").on(t.companyId, t.priceSale, t.id),
    index("products_company_brand_idx").on(t.companyId, t.brandId, t.id),
    index("products_company_category0_idx").on(t.companyId, t.categoryLevel0Id, t.id),
    index("products_company_m_code_norm_idx").on(t.companyId, mCodeNormOf(t.mCode)),
  ],
);

/**
 * Every code a product is known by, normalised: its own code (kind 0), its standard OE (2) and
 * each `|`-separated replacement OE (1). A search by any of them finds the product.
 */
export const productOes = pgTable(
  "product_oes",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    companyId: integer("company_id").notNull(),
    oeNorm: text("oe_norm").notNull(),
    kind: smallint("kind").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.oeNorm] }),
    index("product_oes_company_norm_idx").on(t.companyId, t.oeNorm.op("text_pattern_ops"), t.productId),
    // Any part of a code (`905320` in `06J905320R`): LIKE '%…%' through trigrams (pg_trgm).
    index("product_oes_norm_trgm_idx").using("gin", t.oeNorm.op("gin_trgm_ops")),
  ],
);

/** The same cross-reference for the public library: a library search by any code finds the product. */
export const productTemplateOes = pgTable(
  "product_template_oes",
  {
    templateId: integer("template_id")
      .notNull()
      .references(() => productTemplates.id, { onDelete: "cascade" }),
    oeNorm: text("oe_norm").notNull(),
    kind: smallint("kind").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.templateId, t.oeNorm] }),
    index("product_template_oes_norm_idx").on(t.oeNorm.op("text_pattern_ops"), t.templateId),
    index("product_template_oes_norm_trgm_idx").using("gin", t.oeNorm.op("gin_trgm_ops")),
  ],
);

/**
 * Row counts per company kept by statement triggers, so an unfiltered list of a million
 * products shows `共 N 条` without counting them on every page.
 */
export const tableRowCounts = pgTable(
  "table_row_counts",
  {
    tableName: text("table_name").notNull(),
    companyId: integer("company_id").notNull(),
    n: bigint("n", { mode: "number" }).notNull().default(0),
    /** Bumped by every insert or delete statement: cached page anchors of an older version are stale. */
    version: bigint("version", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tableName, t.companyId] })],
);
