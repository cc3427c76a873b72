import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { sortKeyColumn } from "../lib/sort-key";
import { companies } from "../kernel/identity.tables";

/**
 * Reference data of the platform (系统管理 › 平台配置 and 系统设置): administrative areas,
 * business areas, dictionaries, banks and the product's scheduled jobs.
 */

/** 行政区域: provinces (level 1), cities (2) and districts (3) of China, by their GB/T 2260 code. */
export const adminAreas = pgTable(
  "admin_areas",
  {
    code: text("code").primaryKey(),
    name: text("name").notNull(),
    nameSort: sortKeyColumn("name_sort"),
    parentCode: text("parent_code"),
    level: smallint("level").notNull(),
  },
  (t) => [index("admin_areas_parent_idx").on(t.parentCode, t.code), index("admin_areas_name_idx").on(t.name)],
);

/** 商圈: a company's sales regions, each a set of administrative areas. */
export const businessAreas = pgTable(
  "business_areas",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    nameSort: sortKeyColumn("name_sort"),
    code: text("code"),
    description: text("description"),
    sortOrder: integer("sort_order").notNull().default(0),
    creationTime: timestamp("creation_time", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("business_areas_company_name_uq").on(t.companyId, sql`lower(${t.name})`)],
);

export const businessAreaRegions = pgTable(
  "business_area_regions",
  {
    businessAreaId: integer("business_area_id")
      .notNull()
      .references(() => businessAreas.id, { onDelete: "cascade" }),
    areaCode: text("area_code")
      .notNull()
      .references(() => adminAreas.code, { onDelete: "restrict" }),
  },
  (t) => [primaryKey({ columns: [t.businessAreaId, t.areaCode] }), index("business_area_regions_area_idx").on(t.areaCode)],
);

/** 数据字典: dictionary types (built-in ones mirror the product's own dictionaries and cannot be removed). */
export const dictTypes = pgTable("dict_types", {
  id: serial("id").primaryKey(),
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
  description: text("description"),
  isBuiltin: boolean("is_builtin").notNull().default(false),
  sortOrder: integer("sort_order").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const dictItems = pgTable(
  "dict_items",
  {
    id: serial("id").primaryKey(),
    typeId: integer("type_id")
      .notNull()
      .references(() => dictTypes.id, { onDelete: "cascade" }),
    value: text("value").notNull(),
    label: text("label").notNull(),
    description: text("description"),
    sortOrder: integer("sort_order").notNull().default(0),
    isEnabled: boolean("is_enabled").notNull().default(true),
  },
  (t) => [uniqueIndex("dict_items_type_value_uq").on(t.typeId, t.value)],
);

/** 银行设置: the banks a company's bank accounts and payments name. */
export const banks = pgTable(
  "banks",
  {
    id: serial("id").primaryKey(),
    code: text("code"),
    name: text("name").notNull(),
    nameSort: sortKeyColumn("name_sort"),
    sortOrder: integer("sort_order").notNull().default(0),
    isEnabled: boolean("is_enabled").notNull().default(true),
  },
  (t) => [uniqueIndex("banks_name_uq").on(sql`lower(${t.name})`), uniqueIndex("banks_code_uq").on(t.code)],
);

/**
 * 物流档案 (/system/archives/logistics): the carriers of the platform (顺丰速运, 德邦物流 …) with
 * their tracking page; a company's own logistics companies (/warehouse/logistic) take the
 * tracking page from here when they name a carrier of the archive.
 */
export const logisticsCarriers = pgTable(
  "logistics_carriers",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    nameSort: sortKeyColumn("name_sort"),
    code: text("code"),
    servicePhone: text("service_phone"),
    website: text("website"),
    /** Tracking page; `{no}` is replaced by the tracking number. */
    trackingUrl: text("tracking_url"),
    sortOrder: integer("sort_order").notNull().default(0),
    isEnabled: boolean("is_enabled").notNull().default(true),
    creationTime: timestamp("creation_time", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("logistics_carriers_name_uq").on(sql`lower(${t.name})`), uniqueIndex("logistics_carriers_code_uq").on(t.code)],
);

/**
 * 定时任务: the product's own periodic work (expired sessions, statement ageing, safe-stock
 * plans …), one row per job. Any app instance may run a due job; the row lock taken when it
 * starts makes one instance run it at a time.
 */
export const scheduledJobs = pgTable("scheduled_jobs", {
  name: text("name").primaryKey(),
  intervalSeconds: integer("interval_seconds").notNull(),
  isEnabled: boolean("is_enabled").notNull().default(true),
  isRunning: boolean("is_running").notNull().default(false),
  nextRunAt: timestamp("next_run_at", { withTimezone: true }),
  lastStartedAt: timestamp("last_started_at", { withTimezone: true }),
  lastFinishedAt: timestamp("last_finished_at", { withTimezone: true }),
  lastResult: text("last_result"),
  lastError: text("last_error"),
  runCount: integer("run_count").notNull().default(0),
});
